import styles from './avatar.module.css';

/** The fixed placeholder palette (accounts spec §3); white initials pass AA on each. */
export const AVATAR_PALETTE = ['#b04e26', '#8a6410', '#4f7a45', '#4f6f95', '#8b4f7a'] as const;

export function avatarColor(username: string): string {
  let sum = 0;
  for (let i = 0; i < username.length; i += 1) sum += username.charCodeAt(i);
  return AVATAR_PALETTE[sum % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
}

interface AvatarProps {
  username: string;
  src?: string | null;
  size?: number;
  /** How many letters of the username the placeholder shows (galleries show two). */
  letters?: number;
}

export function Avatar({ username, src, size = 56, letters = 1 }: AvatarProps) {
  const dimension = { width: size, height: size, fontSize: size * (letters > 1 ? 0.36 : 0.42) };
  if (src) {
    return (
      <span className={styles.avatar} style={dimension}>
        <img src={src} alt={username} width={size} height={size} loading="lazy" />
      </span>
    );
  }
  return (
    <span className={styles.avatar} style={{ ...dimension, background: avatarColor(username) }} role="img" aria-label={username}>
      <span aria-hidden="true">{Array.from(username).slice(0, letters).join('').toUpperCase()}</span>
    </span>
  );
}
