import { z } from 'zod';
import { ZEmail, ZPersonName, ZPhone, optionalText } from './auth.ts';
import { zLine, zText } from './text.ts';

/** The contact form on /contact; the message is mailed to the hotel. */
export const ZContactRequest = z.object({
  name: ZPersonName,
  email: ZEmail,
  phone: optionalText(ZPhone),
  subject: zLine().trim().min(1, 'Subject is required.').max(150, 'Subject must be at most 150 characters.'),
  message: zText()
    .trim()
    .min(10, 'Message must be at least 10 characters.')
    .max(5000, 'Message must be at most 5000 characters.'),
});
export type TContactRequest = z.input<typeof ZContactRequest>;
