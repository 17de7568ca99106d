/** Small line icons for the class pages' messages, the console card and the removable tags (drawn, so they look the same without an emoji font). */
const PATHS = {
  clock: 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  mail: 'M3.5 6.5h17v11h-17zM4 7l8 6 8-6',
  hourglass: 'M7 3.5h10M7 20.5h10M8 3.5c0 5 8 5.5 8 8.5s-8 3.5-8 8.5M16 3.5c0 5-8 5.5-8 8.5s8 3.5 8 8.5',
  lock: 'M6.5 11h11v9h-11zM9 11V8a3 3 0 0 1 6 0v3',
  close: 'M7 7l10 10M17 7L7 17',
  building: 'M12 3.5l8.5 5.5h-17zM3.5 20.5h17M6 11v7M10 11v7M14 11v7M18 11v7',
  heart: 'M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z',
} as const;

export function Icon({ name, size = 22 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
