// The theme's own logo mark (spec 1 §1: two visual themes), drawn as SVG: cc a book under a
// roof in the school blue, kokoro a heart in plum. Used where the school has no logo of its
// own and on the app bar.

import { useTheme } from '@mui/material/styles';
import { useThemeName } from './shellApi';
import { pickTheme } from '../theme';

export function LogoMark({ size = 32, color }: { size?: number; color?: string }) {
  const theme = useTheme();
  const { data } = useThemeName();
  const name = pickTheme(data);
  const fill = color ?? theme.palette.primary.main;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={name} data-theme-mark={name}>
      {name === 'kokoro' ? (
        <path
          fill={fill}
          d="M16 28s-11-6.9-11-15a6 6 0 0 1 11-3.3A6 6 0 0 1 27 13c0 8.1-11 15-11 15z"
        />
      ) : (
        <g fill={fill}>
          <path d="M16 3 3 11h26z" />
          <path d="M6 13h20v2H6zM7 16h8v10H7zM17 16h8v10h-8z" opacity="0.85" />
          <path d="M4 27h24v2H4z" />
        </g>
      )}
    </svg>
  );
}
