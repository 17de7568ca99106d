import '@web/lib/console-routes';

import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { CIRCLE_STAMPS, type CircleStamp } from '@contract/circle';
import type { Work } from '@contract/works';
import { roleName } from '@web/lib/circle-roles';
import { api, apiKey } from '@web/lib/http';
import { useSession } from '@web/lib/session';
import { StampSeal, useStampWord } from '@web/ui/circle-stamp';
import { PushCard } from '@web/ui/push-card';
import styles from './circle-panel.module.css';

/**
 * The family circle around the child's own work (issue 32): who has seen it (「みたよ」), their stickers, and the
 * comments a parent approved. Only for the work's owner (the server answers nobody else), and only for a work the
 * circle can see; nothing shows while the circle has not reacted.
 */
export function CirclePanel({ work }: { work: Work }) {
  const { t, i18n } = useLingui();
  const word = useStampWord();
  const child = useSession((s) => Boolean(s.childToken));
  const shown = child && (work.is_circle === true || work.is_public);
  const key = apiKey('workCircle', { params: { id: work.id } });
  const circle = useQuery({
    queryKey: key,
    queryFn: () => api('workCircle', { params: { id: work.id }, silent: true }),
    enabled: shown,
    retry: false,
  });
  const client = useQueryClient();
  const reply = useMutation({
    mutationFn: ({ commentId, stamp }: { commentId: number; stamp: CircleStamp | null }) =>
      api('workCircleReply', { params: { id: work.id, commentId }, json: { stamp } }),
    onSuccess: (next) => client.setQueryData(key, next),
  });
  const data = circle.data;
  if (!shown || !data) return null;
  // The child's device can hear of a comment once a parent approves it; the card shows only while that is off.
  const notices = (
    <PushCard login="child" onlyWhenOff why={t`Get a notice on this device when a comment from your family circle arrives.`} />
  );
  if (data.seen_by.length === 0 && data.stamps.length === 0 && data.comments.length === 0) return notices;
  const who = (r: { role: Parameters<typeof roleName>[1]; role_label: string }) => roleName(i18n, r.role, r.role_label);
  const seen = data.seen_by.map(who).join('、');
  return (
    <section className={styles.panel} aria-labelledby="circle-panel-title">
      <h2 id="circle-panel-title" className={styles.title}>
        <Trans context="heading">From your family circle</Trans>
      </h2>
      {data.seen_by.length > 0 && (
        <p className={styles.seen}>
          <Trans>Seen by {seen}</Trans>
        </p>
      )}
      {data.stamps.length > 0 && (
        <ul className={styles.stamps} aria-label={t`Stickers`}>
          {data.stamps.map((s, i) => (
            <li key={i} className={styles.stamp}>
              <StampSeal stamp={s.stamp} size={48} />
              <span>
                {word(s.stamp)}
                <br />
                <small>{who(s)}</small>
              </span>
            </li>
          ))}
        </ul>
      )}
      {data.comments.length > 0 && (
        <ul className={styles.comments} aria-label={t`Comments`}>
          {data.comments.map((c) => {
            const from = who(c);
            return (
              <li key={c.id} className={styles.comment}>
                <strong>{from}</strong>
                <p>{c.body}</p>
                {/* A child answers with a sticker, never words (issue 32). */}
                <div className={styles.replies} role="group" aria-label={t`Answer ${from} with a sticker`}>
                  {CIRCLE_STAMPS.map((s) => (
                    <button
                      key={s}
                      type="button"
                      className={styles.reply}
                      aria-pressed={c.reply === s}
                      aria-label={word(s)}
                      disabled={reply.isPending}
                      onClick={() => reply.mutate({ commentId: c.id, stamp: c.reply === s ? null : s })}
                    >
                      <StampSeal stamp={s} size={36} />
                    </button>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {notices}
    </section>
  );
}
