/** The inline-SVG icon set (24×24 grid, stroked; inherits the text colour). */
const PATHS = {
  ticket: 'M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z M13 6v2 M13 11v2 M13 16v2',
  search: 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14z M20 20l-4-4',
  home: 'M3 11l9-7 9 7 M5 10v10h5v-6h4v6h5V10',
  logout: 'M10 4H5v16h5 M15 8l4 4-4 4 M19 12H9',
  menu: 'M4 6h16 M4 12h16 M4 18h16',
  users: 'M9 11a3.5 3.5 0 1 0 0-7a3.5 3.5 0 1 0 0 7z M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6 M16 4.5a3.5 3.5 0 0 1 0 6.5 M18 14.5c2 .7 3.5 2.7 3.5 5.5',
  category: 'M4 4h7v7H4z M13 4h7v7h-7z M4 13h7v7H4z M13 13h7v7h-7z',
  services: 'M12 8.5a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7z M12 2v3 M12 19v3 M2 12h3 M19 12h3 M4.9 4.9l2.1 2.1 M17 17l2.1 2.1 M4.9 19.1L7 17 M17 7l2.1-2.1',
  close: 'M6 6l12 12 M18 6L6 18',
  plus: 'M12 5v14 M5 12h14',
  edit: 'M4 20h4L19 9l-4-4L4 16z M13.5 6.5l4 4',
  trash: 'M4 7h16 M9 7V4h6v3 M6 7l1 13h10l1-13 M10 11v6 M14 11v6',
  back: 'M19 12H5 M11 6l-6 6 6 6',
  chevron: 'M9 6l6 6-6 6',
  key: 'M8 11a4 4 0 1 0 0 8a4 4 0 1 0 0-8z M11 14l9-9 M17 8l3 3 M15 10l2 2',
  comment: 'M4 5h16v11H9l-5 4z',
  board: 'M3 4h18v13H3z M8 21h8 M12 17v4 M7 9h4 M7 12h7',
  user: 'M12 12a4 4 0 1 0 0-8a4 4 0 1 0 0 8z M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
  chart: 'M4 4v16h16 M8 16v-4 M12 16V8 M16 16v-6',
  download: 'M12 4v11 M7 10l5 5 5-5 M5 20h14',
  history: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M12 7v5l3 2',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z M10 20.5a2 2 0 0 0 4 0',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6z',
  mail: 'M3 6h18v12H3z M3 7l9 6 9-6',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M12 7v5h4',
  warning: 'M12 3.5l9.5 16.5h-19z M12 10v4.5 M12 17.5v.01',
  breached: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M9 9l6 6 M15 9l-6 6',
  check: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M8 12.5l2.5 2.5L16 9.5',
} as const;

export type IconName = keyof typeof PATHS;

export interface IconProps {
  name: IconName;
  /** Width and height in px. @default 20 */
  size?: number;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
  className?: string;
}

export function Icon({ name, size = 20, label, className }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
