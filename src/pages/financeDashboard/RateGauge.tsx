// A collectible-rate gauge (spec 3 §2.1, §9): a half dial from 0 to 100 in 10 segments, each
// coloured by the user's thresholds (red up to `chartfail`, yellow up to `chartwarning`, green up
// to `chartsuccess`), the segments past the rate faded, a needle at the rate and the rate below.
// Drawn as plain SVG arcs: ten paths need no chart library.

import { Box, Tooltip, Typography, useTheme } from "@mui/material";
import type { Thresholds } from "../../shared/api/financeDashboard";

const SEGMENTS = 10;
const R = 80;
const WIDTH = 22;

function point(angle: number, radius: number): [number, number] {
  const rad = (Math.PI * angle) / 180;
  return [100 + radius * Math.cos(rad), 100 - radius * Math.sin(rad)];
}

/** The ring segment from `from` to `to` percent (0 on the left, 100 on the right). */
function segmentPath(from: number, to: number): string {
  const a0 = 180 - (from / 100) * 180;
  const a1 = 180 - (to / 100) * 180;
  const [x0, y0] = point(a0, R);
  const [x1, y1] = point(a1, R);
  const [x2, y2] = point(a1, R - WIDTH);
  const [x3, y3] = point(a0, R - WIDTH);
  return `M ${x0} ${y0} A ${R} ${R} 0 0 1 ${x1} ${y1} L ${x2} ${y2} A ${R - WIDTH} ${R - WIDTH} 0 0 0 ${x3} ${y3} Z`;
}

/** Which band a percent falls in. */
export function bandOf(
  percent: number,
  t: Thresholds,
): "fail" | "warning" | "success" {
  if (percent <= t.chartfail) return "fail";
  if (percent <= t.chartwarning) return "warning";
  return "success";
}

export function RateGauge({
  title,
  persen,
  hover,
  thresholds,
  emptyText,
  locale,
}: {
  title: string;
  persen: number | null;
  hover: string;
  thresholds: Thresholds;
  emptyText: string;
  locale: string;
}) {
  const theme = useTheme();
  const colour = {
    fail: theme.palette.error.main,
    warning: theme.palette.warning.main,
    success: theme.palette.success.main,
  };
  const value = persen === null ? 0 : Math.max(0, Math.min(100, persen));
  const [nx, ny] = point(180 - (value / 100) * 180, R - WIDTH - 8);
  const band = persen === null ? null : bandOf(persen, thresholds);
  return (
    <Tooltip title={hover} placement="top">
      <Box
        role="meter"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={persen ?? undefined}
        sx={{ textAlign: "center", minWidth: 200, flex: 1 }}
      >
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <svg
          viewBox="0 0 200 112"
          width="100%"
          style={{ maxWidth: 260 }}
          aria-hidden="true"
        >
          {Array.from({ length: SEGMENTS }, (_, i) => {
            const from = i * 10;
            const to = from + 10;
            return (
              <path
                key={i}
                d={segmentPath(from + 0.6, to - 0.6)}
                fill={colour[bandOf(to, thresholds)]}
                opacity={persen !== null && from < value ? 1 : 0.28}
                data-segment={i}
              />
            );
          })}
          {persen !== null && (
            <>
              <line
                x1={100}
                y1={100}
                x2={nx}
                y2={ny}
                stroke={theme.palette.text.primary}
                strokeWidth={3}
                strokeLinecap="round"
              />
              <circle
                cx={100}
                cy={100}
                r={6}
                fill={theme.palette.text.primary}
              />
            </>
          )}
          <text
            x={18}
            y={111}
            fontSize={9}
            fill={theme.palette.text.secondary}
            textAnchor="middle"
          >
            0
          </text>
          <text
            x={182}
            y={111}
            fontSize={9}
            fill={theme.palette.text.secondary}
            textAnchor="middle"
          >
            100
          </text>
        </svg>
        <Typography
          variant="h5"
          component="p"
          sx={{
            fontWeight: 600,
            color: band ? colour[band] : "text.secondary",
          }}
          data-testid="gauge-value"
        >
          {persen === null
            ? emptyText
            : `${persen.toLocaleString(locale === "id" ? "id-ID" : "en-US", { maximumFractionDigits: 1 })}%`}
        </Typography>
      </Box>
    </Tooltip>
  );
}
