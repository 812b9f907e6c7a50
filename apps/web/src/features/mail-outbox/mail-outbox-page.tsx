import { MAIL_OUTBOX_MESSAGES, type OutboxMail, outboxQuery } from '@guildhall/contract';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { useMailOutbox } from '../../api/mail-outbox';
import { Card } from '../../ui/card';
import { FilterBar, type FilterField } from '../../ui/filter-bar';
import { formatDateTime } from '../../ui/format-date';
import { PageHeader } from '../../ui/page-header';
import { pageSizeField } from '../../ui/page-size';
import { Pagination } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { MailText } from './mail-text';
import '../../styles/mail-outbox.css';

/** The outbox's recipient filter, page and page size in the URL, as the list call reads them. */
const outboxUrlQuery = outboxQuery.pick({ page: true, to: true }).extend({ limit: pageSizeField(25) });
const FIELDS: FilterField<z.output<typeof outboxUrlQuery>>[] = [
  { kind: 'search', name: 'to', label: 'Recipient', placeholder: 'Recipient e-mail', testId: 'outbox-search' },
];

/**
 * The mail the server wrote to its outbox instead of sending (no SMTP_URL): what a member would have
 * received, with its links, so sign-up and reset work on the embedded default.
 */
export function MailOutboxPage() {
  useDocumentTitle('Mail Outbox');
  const { query: filters, set } = useUrlQuery(outboxUrlQuery);
  const outbox = useMailOutbox(filters);
  const [openId, setOpenId] = useState<string | null>(null);
  const mails = outbox.data?.mails ?? [];

  return (
    <div className="page">
      <PageHeader title="Mail Outbox" lead="E-mails written here instead of sent while no SMTP server is configured" />
      <Card className="mail-outbox">
        <FilterBar values={filters} onChange={set} fields={FIELDS} />
        <QueryState
          query={outbox}
          loading="Loading mail..."
          errorText="Failed to load the mail outbox"
          isEmpty={() => mails.length === 0}
          empty={filters.to ? 'No mail to this address.' : 'No mail has been written yet.'}
          testId="outbox"
        >
          {() => (
            <ul className="mail-list">
              {mails.map((mail) => (
                <MailRow
                  key={mail.id}
                  mail={mail}
                  isOpen={openId === mail.id}
                  onToggle={() => setOpenId(openId === mail.id ? null : mail.id)}
                />
              ))}
            </ul>
          )}
        </QueryState>
        <Pagination
          page={filters.page}
          pageSize={filters.limit}
          onPageSizeChange={(limit) => set({ limit })}
          total={outbox.data?.total ?? 0}
          onPageChange={(page) => set({ page })}
        />
      </Card>
    </div>
  );
}

function MailRow({ mail, isOpen, onToggle }: { mail: OutboxMail; isOpen: boolean; onToggle: () => void }) {
  return (
    <li className="mail-row" data-testid="outbox-mail">
      <button type="button" className="mail-row__summary" aria-expanded={isOpen} onClick={onToggle}>
        <span className="mail-row__subject">{mail.subject}</span>
        <span className="mail-row__to">{mail.to}</span>
        <time className="mail-row__time" dateTime={mail.createdAt}>
          {formatDateTime(mail.createdAt)}
        </time>
        <ChevronDown className="mail-row__chevron" size={16} aria-hidden="true" />
      </button>
      {isOpen && mail.isMasked && <p className="page__lead">{MAIL_OUTBOX_MESSAGES.masked}</p>}
      {isOpen && <MailText text={mail.text} />}
    </li>
  );
}
