import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';

import type { CircleFan, CircleInvitationCreated, CircleOverview, CircleRole } from '@contract/circle';
import { CIRCLE_ROLE_LABEL_MAX } from '@contract/circle';
import { fieldErrors } from '@web/lib/api-error';
import { formatDay } from '@web/lib/billing-format';
import { notify } from '@web/lib/toast';
import { Avatar } from '@web/ui/avatar';
import { Button } from '@web/ui/button';
import { ConfirmDeleteModal } from '@web/ui/confirm-delete-modal';
import { TextField } from '@web/ui/field';
import { Loading } from '@web/ui/page-shell';
import { PushCard } from '@web/ui/push-card';
import { Switch } from '@web/ui/switch';
import { ROLE_CHOICES, roleName } from '@web/lib/circle-roles';
import {
  useAnswerComment,
  useCircle,
  useCircleDefault,
  useInvite,
  usePendingComments,
  useRemoveFan,
  useRevokeInvitation,
  useUpdateFan,
} from '../api/family-circle';
import styles from './family-circle.module.css';

type Child = CircleOverview['children'][number];

/** Tick boxes of the family's children, each with its picture. */
function ChildPicker({
  all,
  chosen,
  onChange,
  legend,
}: {
  all: Child[];
  chosen: number[];
  onChange: (ids: number[]) => void;
  legend: string;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.kids}>
        {all.map((c) => (
          <label key={c.id} className={styles.kid} data-on={chosen.includes(c.id)}>
            <input
              type="checkbox"
              checked={chosen.includes(c.id)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))}
            />
            <Avatar username={c.username} src={c.profile_picture} size={32} />
            <span>{c.username}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The new invitation's link: a QR code to scan on the relative's phone, the share sheet, and a copy button. */
function InvitationLink({ invitation, onDone }: { invitation: CircleInvitationCreated; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const [qr, setQr] = useState<string | null>(null);
  const who = roleName(i18n, invitation.role, invitation.role_label);
  const names = invitation.children.map((c) => c.username).join(', ');
  useEffect(() => {
    let live = true;
    // uqr: a small ESM encoder (no CommonJS helpers in the build), loaded when a link is made.
    import('uqr')
      .then(({ renderSVG }) => renderSVG(invitation.url, { border: 1, whiteColor: '#fffdf9', blackColor: '#2a211c' }))
      .then((svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [invitation.url]);
  const text = t`Come and see ${names}'s drawings in Little Museum.`;
  const share = async () => {
    try {
      await navigator.share({ title: t`Little Museum family circle`, text, url: invitation.url });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.url);
      notify.success(t`The link was copied.`);
    } catch {
      notify.error(t`The link could not be copied. Please select it and copy it.`);
    }
  };
  const expires = formatDay(invitation.expires_at, i18n.locale);
  return (
    <div className={styles.linkPanel} data-testid="circle-invitation-link">
      <p className={styles.linkLead}>
        <Trans>
          Send this link to {who}. It works once, until {expires}.
        </Trans>
      </p>
      {qr ? (
        <img src={qr} alt={t`QR code of the invitation link`} width={220} height={220} className={styles.qr} />
      ) : (
        <div className={styles.qr} />
      )}
      <input
        className={styles.linkText}
        readOnly
        value={invitation.url}
        aria-label={t`Invitation link`}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className={styles.buttons}>
        {'share' in navigator && (
          <Button onClick={() => void share()}>
            <Trans>Share…</Trans>
          </Button>
        )}
        <Button variant="secondary" onClick={() => void copy()}>
          <Trans>Copy the link</Trans>
        </Button>
        <Button variant="ghost" onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </div>
  );
}

/** Who to invite, which children they follow, and whether their comments wait for a parent. */
function InviteForm({ all, onMade, onCancel }: { all: Child[]; onMade: (made: CircleInvitationCreated) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const invite = useInvite();
  const [role, setRole] = useState<CircleRole>('grandma');
  const [label, setLabel] = useState('');
  const [children, setChildren] = useState<number[]>(all.map((c) => c.id));
  const [approval, setApproval] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const roleGroup = useId();

  const submit = () => {
    invite.mutate(
      { role, role_label: role === 'other' ? label : '', children, needs_approval: approval },
      {
        onSuccess: onMade,
        onError: (err) => setErrors(fieldErrors(err)),
      },
    );
  };
  const fieldError = (name: string) => Object.entries(errors).find(([k]) => k === name || k.startsWith(`${name}.`))?.[1];

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend id={roleGroup} className={styles.legend}>
          <Trans>Who are you inviting?</Trans>
        </legend>
        <div className={styles.roles} role="radiogroup" aria-labelledby={roleGroup}>
          {ROLE_CHOICES.map((r) => (
            <label key={r} className={styles.role} data-on={role === r}>
              <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} />
              {roleName(i18n, r, '')}
            </label>
          ))}
        </div>
        {fieldError('role') && <p className={styles.error}>{fieldError('role')}</p>}
      </fieldset>
      {role === 'other' && (
        <TextField
          label={t`Who are they to the children?`}
          value={label}
          maxLength={CIRCLE_ROLE_LABEL_MAX}
          onChange={(e) => setLabel(e.target.value)}
          error={fieldError('role_label')}
          placeholder={t`e.g. Great-grandma`}
        />
      )}
      <ChildPicker all={all} chosen={children} onChange={setChildren} legend={t`Which children will they follow?`} />
      {fieldError('children') && <p className={styles.error}>{fieldError('children')}</p>}
      <label className={styles.check}>
        <input type="checkbox" checked={approval} onChange={(e) => setApproval(e.target.checked)} />
        <span>
          <Trans>Their comments wait for my approval before the children see them</Trans>
        </span>
      </label>
      <div className={styles.buttons}>
        <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending}>
          {invite.isPending ? t`Making the link…` : t`Make an invitation link`}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** One relative: role, what they follow, when they last looked; the parent changes what they follow or removes them. */
function FanItem({ fan, all }: { fan: CircleFan; all: Child[] }) {
  const { t, i18n } = useLingui();
  const update = useUpdateFan();
  const remove = useRemoveFan();
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState(fan.children.map((c) => c.id));
  const [confirming, setConfirming] = useState(false);
  const who = roleName(i18n, fan.role, fan.role_label);
  const since = formatDay(fan.since, i18n.locale);
  const seen = fan.last_seen ? formatDay(fan.last_seen, i18n.locale) : null;
  return (
    <li className={styles.fan}>
      <div className={styles.fanHead}>
        <span className={styles.fanBadge} aria-hidden="true">
          {who.slice(0, 2)}
        </span>
        <div>
          <p className={styles.fanName}>
            {who}
            {fan.name && <span className={styles.fanReal}> · {fan.name}</span>}
          </p>
          <p className={styles.fanMeta}>
            {seen ? (
              <Trans>
                In the circle since {since} · last visit {seen}
              </Trans>
            ) : (
              <Trans>In the circle since {since} · no visit yet</Trans>
            )}
          </p>
          <p className={styles.fanMeta}>
            <Trans>Follows: {fan.children.map((c) => c.username).join(', ')}</Trans>
          </p>
        </div>
      </div>
      {editing ? (
        <div className={styles.form}>
          <ChildPicker all={all} chosen={chosen} onChange={setChosen} legend={t`Which children do they follow?`} />
          <div className={styles.buttons}>
            <Button
              disabled={update.isPending || chosen.length === 0}
              onClick={() => update.mutate({ id: fan.id, children: chosen }, { onSuccess: () => setEditing(false) })}
            >
              <Trans>Save</Trans>
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div className={styles.approval}>
            <Switch
              checked={fan.needs_approval}
              onChange={(on) => update.mutate({ id: fan.id, needsApproval: on })}
              label={t`Comments of ${who} wait for approval`}
              onText={t`Comments wait for approval`}
              offText={t`Comments go straight through`}
            />
          </div>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Trans>Change who they follow</Trans>
            </Button>
            <Button variant="dangerOutline" onClick={() => setConfirming(true)}>
              <Trans>Remove</Trans>
            </Button>
          </div>
        </>
      )}
      <ConfirmDeleteModal
        open={confirming}
        title={t`Remove ${who} from the family circle`}
        warning={<Trans>{who} will no longer see the children's works. You can invite them again later.</Trans>}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(fan.id, {
            onSuccess: (done) => {
              notify.success(done.message);
              setConfirming(false);
            },
          })
        }
      />
    </li>
  );
}

/** The fans' comments that wait for a parent: the child and the other fans see one only once it is approved. */
function WaitingComments() {
  const { t, i18n } = useLingui();
  const comments = usePendingComments();
  const answer = useAnswerComment();
  const list = comments.data?.results ?? [];
  if (list.length === 0) return null;
  return (
    <>
      <h3 className={styles.subTitle}>
        <Trans>Comments waiting for your approval</Trans>
        <span className={styles.count}>{list.length}</span>
      </h3>
      <ul className={styles.list} aria-label={t`Comments waiting for your approval`}>
        {list.map((c) => {
          const who = roleName(i18n, c.role, c.role_label);
          const title = c.work.title;
          const child = c.child.username;
          return (
            <li key={c.id} className={styles.comment}>
              <div className={styles.commentHead}>
                {c.work.thumbnail_url && <img src={c.work.thumbnail_url} alt="" width={48} height={48} className={styles.commentThumb} />}
                <p className={styles.fanMeta}>
                  <Trans>
                    {who} on {child}'s “{title}”
                  </Trans>
                </p>
              </div>
              <p className={styles.commentBody}>{c.body}</p>
              <div className={styles.buttons}>
                <Button
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ id: c.id, approve: true }, { onSuccess: (done) => notify.success(done.message) })}
                >
                  <Trans>Approve</Trans>
                </Button>
                <Button
                  variant="secondary"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ id: c.id, approve: false }, { onSuccess: (done) => notify.success(done.message) })}
                >
                  {t({ message: 'Decline', context: 'a parent answering a comment' })}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * The family circle (issue 32) on /account-info: grandparents and relatives the parent invited, the invitations still
 * waiting, a new invitation's link (QR code, share sheet, copy), and whether new works are shared with the circle.
 */
export function FamilyCircle() {
  const { t, i18n } = useLingui();
  const circle = useCircle();
  const setDefault = useCircleDefault();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);
  const [made, setMade] = useState<CircleInvitationCreated | null>(null);
  const data = circle.data;

  return (
    <section id="family-circle" className={styles.section} aria-labelledby="family-circle-title">
      <h2 id="family-circle-title" className={styles.title}>
        <Trans context="heading">Family circle</Trans>
      </h2>
      <p className={styles.lead}>
        <Trans>
          Invite grandparents and relatives to follow the children's museum. They see only the works shared with the circle, with the
          child's username and age — never a real name, birthday or address.
        </Trans>
      </p>
      {!data ? (
        <Loading label={t`Loading the family circle…`} />
      ) : data.children.length === 0 ? (
        <p className={styles.note}>
          <Trans>Add a child first; then you can invite relatives to follow them.</Trans>
        </p>
      ) : (
        <>
          <div className={styles.approval}>
            <Switch
              checked={data.circle_by_default}
              onChange={(on) => setDefault.mutate(on)}
              label={t`Share new works with the family circle`}
              onText={t`New works: shared with the circle`}
              offText={t`New works: private`}
            />
          </div>
          <WaitingComments />
          {data.fans.length > 0 && (
            <PushCard login="parent" why={t`Get a notice on this device when a relative's comment waits for your approval.`} />
          )}
          {data.fans.length > 0 && (
            <ul className={styles.list} aria-label={t`Relatives in the circle`}>
              {data.fans.map((f) => (
                <FanItem key={`${f.id}:${f.children.map((c) => c.id).join(',')}`} fan={f} all={data.children} />
              ))}
            </ul>
          )}
          {data.invitations.length > 0 && (
            <>
              <h3 className={styles.subTitle}>
                <Trans>Invitations not used yet</Trans>
              </h3>
              <ul className={styles.list}>
                {data.invitations.map((inv) => {
                  const who = roleName(i18n, inv.role, inv.role_label);
                  const until = formatDay(inv.expires_at, i18n.locale);
                  return (
                    <li key={inv.id} className={styles.invitation}>
                      <span>
                        <Trans>
                          {who} · good until {until}
                        </Trans>
                      </span>
                      <Button
                        variant="ghost"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(inv.id, { onSuccess: (done) => notify.success(done.message) })}
                      >
                        <Trans>Cancel the invitation</Trans>
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          {made ? (
            <InvitationLink invitation={made} onDone={() => setMade(null)} />
          ) : inviting ? (
            <InviteForm
              all={data.children}
              onMade={(m) => {
                setInviting(false);
                setMade(m);
              }}
              onCancel={() => setInviting(false)}
            />
          ) : (
            <Button variant="secondary" block onClick={() => setInviting(true)}>
              <Trans>Invite a grandparent or relative</Trans>
            </Button>
          )}
        </>
      )}
    </section>
  );
}
