import styles from './avatar.module.css';

/** The fixed placeholder palette (accounts spec §3); white initials pass AA on each. */
export const AVATAR_PALETTE = ['#b04e26', '#8a6410', '#4f7a45', '#4f6f95', '#8b4f7a'] as const;

export function avatarColor(username: string): string {
  let sum = 0;
  for (let i = 0; i < username.length; i += 1) sum += username.charCodeAt(i);
  return AVATAR_PALETTE[sum % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
}

/**
 * What a placeholder shows: the first two letters of the username, upper-cased (works spec §2, "initials from the
 * first two letters"; the accounts spec's "the initial" is read the same way, so one child looks the same everywhere).
 * By code point, so an emoji or a surrogate pair is never cut in half.
 */
export function avatarInitials(username: string): string {
  return Array.from(username.trim()).slice(0, 2).join('').toUpperCase();
}

interface AvatarProps {
  username: string;
  src?: string | null;
  size?: number;
}

/**
 * A child's picture, or its initials on a colour. Always shown beside the child's name, which says who it is: so it
 * is decorative (an empty alt; the initials hidden), and a reader hears the name once, not twice.
 */
export function Avatar({ username, src, size = 56 }: AvatarProps) {
  const dimension = { width: size, height: size, fontSize: size * 0.36 };
  if (src) {
    return (
      <span className={styles.avatar} style={dimension}>
        <img src={src} alt="" width={size} height={size} loading="lazy" />
      </span>
    );
  }
  return (
    <span className={styles.avatar} style={{ ...dimension, background: avatarColor(username) }} aria-hidden="true">
      {avatarInitials(username)}
    </span>
  );
}
