import { Trans, useLingui } from '@lingui/react/macro';

import { Loading, PageShell } from '@web/ui/page-shell';
import { UPDATED } from '../content/facts';
import type { CommercialDocument, LegalDocument } from '../content/types';
import { Blocks, RichText } from './blocks';
import styles from './legal.module.css';

/** A frame with a heart: the privacy policy's points for parents. */
function CareIcon() {
  return (
    <svg viewBox="0 0 28 28" aria-hidden="true">
      <rect x="2" y="2" width="24" height="24" rx="5" fill="#fffdf9" stroke="#5f7a52" strokeWidth="2.5" />
      <path d="M14 20.5 C8 16.5 7 13.5 8.2 11.2 C9.4 9 12.3 9 14 11.4 C15.7 9 18.6 9 19.8 11.2 C21 13.5 20 16.5 14 20.5 Z" fill="#b04e26" />
    </svg>
  );
}

function LastUpdated({ day }: { day: string }) {
  const { i18n, t } = useLingui();
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return (
    <p className={styles.updated}>
      <time dateTime={day}>{t`Last updated: ${date}`}</time>
    </p>
  );
}

/** A legal page while its text (in the language shown) arrives. */
function DocumentLoading({ title }: { title: string }) {
  const { t } = useLingui();
  return (
    <PageShell title={title} width="medium">
      <Loading label={t`Loading…`} />
    </PageShell>
  );
}

/**
 * The terms or the privacy policy: a lead, the date, the points for parents when there are some, a table of
 * contents with in-page links, and the numbered articles, each under a heading whose id is its anchor.
 */
export function LegalDocumentView({
  title,
  document,
  updated,
}: {
  title: string;
  document: LegalDocument | undefined;
  updated: keyof typeof UPDATED;
}) {
  const { t } = useLingui();
  if (!document) return <DocumentLoading title={title} />;
  const numbered = document.articles.map((article, i) => {
    const n = i + 1;
    return { ...article, number: t`Article ${n}` };
  });
  return (
    <PageShell title={title} width="medium">
      <div className={styles.intro}>
        <Blocks blocks={document.lead} />
      </div>
      <LastUpdated day={UPDATED[updated]} />
      {document.summary && (
        <section className={styles.summary} aria-labelledby="summary">
          <h2 id="summary">
            <CareIcon />
            {document.summary.title}
          </h2>
          <ul>
            {document.summary.points.map((point, i) => (
              <li key={i}>
                <RichText value={point} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav className={styles.toc} aria-labelledby="contents">
        <h2 id="contents">
          <Trans context="heading">Contents</Trans>
        </h2>
        <ol>
          {numbered.map((a) => (
            <li key={a.id}>
              <a href={`#${a.id}`}>
                <span className={styles.tocNumber}>{a.number}</span>
                <span className={styles.tocTitle}>{a.title}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.articles}>
        {numbered.map((a) => (
          <section key={a.id} className={styles.article} aria-labelledby={a.id}>
            <h2 id={a.id}>
              <span className={styles.number}>{a.number}</span> {a.title}
            </h2>
            <Blocks blocks={a.body} />
            <p className={styles.toTop}>
              <a href="#contents">
                <Trans>Back to contents</Trans>
              </a>
            </p>
          </section>
        ))}
        {document.closing && (
          <div className={styles.closing}>
            <Blocks blocks={document.closing} />
          </div>
        )}
      </div>
    </PageShell>
  );
}

/** The Specified Commercial Transactions notice: one table row per item the law asks for. */
export function CommercialTableView({ title, document }: { title: string; document: CommercialDocument | undefined }) {
  if (!document) return <DocumentLoading title={title} />;
  return (
    <PageShell title={title} width="medium">
      <div className={styles.intro}>
        <Blocks blocks={document.lead} />
      </div>
      <table className={styles.table} role="table">
        <caption className="visually-hidden">{title}</caption>
        <tbody role="rowgroup">
          {document.rows.map((row) => (
            <tr key={row.id} id={row.id} role="row">
              <th scope="row" role="rowheader">
                {row.label}
              </th>
              <td role="cell">
                <Blocks blocks={row.body} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </PageShell>
  );
}
