import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import EmailTemplateEditorPage from './email-template-editor-page';

/*
 * The editor page around the designer. The designer itself (GrapesJS) needs a real browser:
 * e2e/email-templates.spec.ts. Here: what the page does with the saved design it is given.
 */

let savedDesign: unknown = null;
const template = (design: unknown) => ({
  type: 'BOOKING_CANCELLATION',
  language: 'en',
  subject: 'Your stay {{transactionId}} is cancelled',
  design,
  html: '<p>Sorry, {{name}}</p>',
  isActive: true,
  updatedAt: '2026-11-20T10:00:00.000Z',
});
vi.mock('../api', () => ({
  useGetEmailTemplateQuery: () => ({
    data: {
      data: {
        type: 'BOOKING_CANCELLATION',
        templates: { en: savedDesign === null ? null : template(savedDesign), bn: null },
        defaults: { en: { subject: 'Cancelled', html: '<p>{{name}}</p>' }, bn: { subject: 'বাতিল', html: '<p>{{name}}</p>' } },
      },
    },
    isLoading: false,
    isError: false,
  }),
  useSaveEmailTemplateMutation: () => [vi.fn(), { isLoading: false }],
  useDeleteEmailTemplateMutation: () => [vi.fn(), { isLoading: false }],
}));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ token: 'token', user: { email: 'admin@residency.local' } }) }));
// Stands for GrapesJS: the page shows it exactly when it would start the designer.
vi.mock('../designer/mail-designer', () => ({ default: () => <div data-testid="mail-designer" /> }));

// A desktop width: on a phone the page asks for a wider screen instead of the designer.
installAntdDom({ desktop: true });

function renderEditor() {
  const router = createMemoryRouter([{ path: '/admin/email-templates/:type/edit', element: <EmailTemplateEditorPage /> }], {
    initialEntries: ['/admin/email-templates/BOOKING_CANCELLATION/edit?language=en'],
  });
  return render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
}

describe('Admin › Email templates › Edit: a saved design', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });
  afterEach(cleanup);

  it("that the designer cannot open (no pages) says so, with the way back, instead of 'still loading' for good", async () => {
    savedDesign = { html: 'x' };
    renderEditor();
    expect(await screen.findByTestId('designer-unopenable')).toHaveTextContent(
      "This saved design can't be opened in the designer: it has no pages. Use the built-in design to start again.",
    );
    expect(screen.queryByTestId('designer-loading')).toBeNull();
    expect(screen.queryByTestId('mail-designer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use built-in design' })).toBeInTheDocument();
  });

  it('with pages opens in the designer', async () => {
    savedDesign = { pages: [{ component: '<p>Sorry, {{name}}</p>' }] };
    renderEditor();
    expect(await screen.findByTestId('mail-designer')).toBeInTheDocument();
    expect(screen.queryByTestId('designer-unopenable')).toBeNull();
  });
});
