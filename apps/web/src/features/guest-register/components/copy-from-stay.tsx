import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../lib/format';
import { useLazyGetGuestSuggestionsQuery } from '../api';
import { draftOf, type CardDraft } from '../card-model';
import { useRegisterErrorText } from '../use-register-error';

interface Props {
  bookingId: string;
  kind: 'adult' | 'child';
  /** The desk looks a card up by this document number when given; otherwise the account's last stay. */
  idNumber: string;
  audience: 'desk' | 'guest';
  onUse: (copy: CardDraft) => void;
}

/**
 * "Copy from a previous stay" (issue 34): the cards of the guest's last earlier stay, or (the
 * desk) the last card with the document number typed, to copy into this card and correct. Text
 * only: photos are taken anew.
 */
export function CopyFromStay({ bookingId, kind, idNumber, audience, onUse }: Props) {
  const { t, i18n } = useTranslation('guest-register');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useRegisterErrorText();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [find, { data, isFetching, isError, error }] = useLazyGetGuestSuggestionsQuery();
  const found = (data?.data.guests ?? []).filter((g) => g.kind === kind);

  const toggle = () => {
    if (!open) void find({ id: bookingId, ...(idNumber.trim() ? { idNumber: idNumber.trim() } : {}) });
    setOpen(!open);
  };

  return (
    <div className="mb-3">
      <Button size="small" type="link" className="!px-0" icon={<CopyOutlined aria-hidden />} aria-expanded={open} aria-controls={panelId} onClick={toggle} data-testid="copy-open">
        {t('copy.open')}
      </Button>
      {open && (
        <div id={panelId} className="mt-1 rounded-lg bg-slate-50 p-2.5 text-sm" aria-busy={isFetching} data-testid="copy-panel">
          {isFetching ? (
            <p className="m-0 text-slate-600">{t('copy.looking')}</p>
          ) : isError ? (
            <p role="alert" className="m-0 text-red-700">
              {errorText(error, t('copy.failed'))}
            </p>
          ) : found.length === 0 ? (
            <p className="m-0 text-slate-700">{audience === 'desk' ? t('copy.noneDesk') : t('copy.none')}</p>
          ) : (
            <ul className="m-0 flex list-none flex-col gap-2 p-0">
              {found.map((g, i) => (
                <li key={`${g.fromStay.reference}-${i}`} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{g.fullName ?? t('copy.noName')}</span>
                    <span className="block text-xs text-slate-600">
                      {t('copy.from', { reference: g.fromStay.reference, date: formatLongDate(g.fromStay.checkIn, lng) })}
                      {g.idNumber ? ` · ${g.idType ? t(`idTypes.${g.idType}`) : ''} ${g.idNumber}` : ''}
                    </span>
                  </span>
                  <Button
                    size="small"
                    onClick={() => {
                      onUse(draftOf({ ...g, kind: g.kind }));
                      setOpen(false);
                    }}
                    data-testid="copy-use"
                  >
                    {t('copy.use')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
