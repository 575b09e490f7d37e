// The finance dashboard at / (issue 13; spec 3 §2.1, §3.1, §5, §8, §9) for ROLE_FINANCE,
// ROLE_ADMIN_FINANCE and ROLE_FOUNDATION: the cut-off date and the student and candidate
// checkboxes (read again 500 ms after a change), the ledger's totals, Payment Reconciliation
// cards, Inv Overdue > 3 months (a card opens /invoicetransaction for that student in a new
// tab), Waiver Overdue, the Outstanding Composition pie (a slice opens /paymentdashboard or
// /ardashboard in a new tab, spec 3 §2.1), Open Payment with Generate and Close, and the
// Collectible Rate gauges with the user's thresholds. useFinanceDashboard() holds the state and
// the calls; this file draws.

import "./texts/register";
import { useState, type ReactNode } from "react";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CardHeader,
  Checkbox,
  Chip,
  FormControlLabel,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useLocaleState, useTranslate } from "react-admin";
import {
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
} from "recharts";
import { useDocumentTitle } from "../../app/frame/useRouteTitle";
import { formatRupiah } from "../../shared/api/finance";
import {
  pieSliceTarget,
  thresholdProblem,
  type Gauge,
  type PieSlice,
  type Thresholds,
} from "../../shared/api/financeDashboard";
import { dateText } from "../financeInvoices/financeFormat";
import { useFinanceRoles } from "../financeInvoices/useFinanceRoles";
import { RateGauge } from "./RateGauge";
import {
  useFinanceDashboard,
  type FinanceDashboardState,
  type Loaded,
} from "./useFinanceDashboard";

type T = (key: string, options?: Record<string, unknown>) => string;

/** A slice's colours: distinct in light and dark mode. */
const SLICE_COLOURS = [
  "#1976d2",
  "#ef6c00",
  "#2e7d32",
  "#8e24aa",
  "#00838f",
  "#c62828",
  "#6d4c41",
  "#546e7a",
];

/** Opens a page of this app in a new tab (spec 3 §2.1: the pie's slices and the student cards). */
function openInNewTab(path: string): void {
  window.open(path, "_blank", "noopener");
}

function Section({
  title,
  action,
  children,
  testid,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testid: string;
}) {
  return (
    <Card
      variant="outlined"
      data-testid={testid}
      sx={{ height: "100%", display: "flex", flexDirection: "column" }}
    >
      <CardHeader
        title={title}
        action={action}
        slotProps={{ title: { variant: "h6", component: "h2" } }}
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ flex: 1 }}>{children}</CardContent>
    </Card>
  );
}

/** A card's body for its loading, failure and empty states (spec 3 §8 "Nothing's here…"). */
function States<D>({
  loaded,
  t,
  empty,
  children,
}: {
  loaded: Loaded<D> & { reload: () => void };
  t: T;
  empty: (data: D) => boolean;
  children: (data: D) => ReactNode;
}) {
  if (loaded.failure)
    return (
      <Alert
        severity="error"
        action={<Button onClick={loaded.reload}>{t("retry")}</Button>}
      >
        {loaded.failure}
      </Alert>
    );
  if (loaded.data === null)
    return (
      <Skeleton variant="rounded" height={120} aria-label={t("loading")} />
    );
  if (empty(loaded.data))
    return (
      <Typography color="text.secondary" sx={{ py: 2, textAlign: "center" }}>
        {t("empty")}
      </Typography>
    );
  return (
    <Box
      sx={{ opacity: loaded.loading ? 0.6 : 1, transition: "opacity 150ms" }}
    >
      {children(loaded.data)}
    </Box>
  );
}

function Filters({
  s,
  t,
  locale,
}: {
  s: FinanceDashboardState;
  t: T;
  locale: string;
}) {
  const range = s.summary.data;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ flexWrap: "wrap", alignItems: "center", py: 1 }}
      role="search"
    >
      <TextField
        fullWidth={false}
        type="date"
        size="small"
        label={t("filters.cutoff")}
        value={s.filter.cutoff}
        onChange={(e) => s.setFilter({ ...s.filter, cutoff: e.target.value })}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { "data-testid": "cutoff" },
        }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={s.filter.student}
            onChange={(e) =>
              s.setFilter({ ...s.filter, student: e.target.checked })
            }
          />
        }
        label={t("filters.student")}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={s.filter.candidate}
            onChange={(e) =>
              s.setFilter({ ...s.filter, candidate: e.target.checked })
            }
          />
        }
        label={t("filters.candidate")}
      />
      {range?.min_date && range.max_date && (
        <Typography variant="body2" color="text.secondary">
          {t("filters.range", {
            from: dateText(range.min_date, locale),
            to: dateText(range.max_date, locale),
          })}
        </Typography>
      )}
      <Box sx={{ flex: 1 }} />
      {range && (
        <Stack direction="row" spacing={1}>
          <Chip
            label={`${t("summary.outstanding")}: ${formatRupiah(range.outstanding)}`}
            color="primary"
            variant="outlined"
          />
          <Chip
            label={`${t("summary.overdue")}: ${formatRupiah(range.overdue)}`}
            color="warning"
            variant="outlined"
          />
        </Stack>
      )}
    </Stack>
  );
}

function Reconciliation({
  s,
  t,
  locale,
}: {
  s: FinanceDashboardState;
  t: T;
  locale: string;
}) {
  return (
    <Section
      title={t("reconciliation.title")}
      testid="dashboard-reconciliation"
    >
      <States loaded={s.reconciliation} t={t} empty={(d) => d.length === 0}>
        {(cards) => (
          <Box
            sx={{
              display: "grid",
              gap: 1.5,
              gridTemplateColumns: "repeat(auto-fill, minmax(230px, 1fr))",
            }}
          >
            {cards.map((card) => {
              const agree = card.uploadva === card.payment;
              return (
                <Box
                  key={card.bank_upload_id}
                  data-testid="reconciliation-card"
                  data-agree={agree}
                  sx={{
                    p: 1.5,
                    borderRadius: 1,
                    border: 1,
                    borderLeft: 6,
                    borderColor: agree ? "success.main" : "warning.main",
                    bgcolor: (theme) =>
                      (agree
                        ? theme.palette.success.main
                        : theme.palette.warning.main) +
                      (theme.palette.mode === "dark" ? "22" : "14"),
                  }}
                >
                  <Typography variant="subtitle2" noWrap title={card.file_name}>
                    {card.file_name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {dateText(card.committed_at.slice(0, 10), locale)} ·{" "}
                    {t("reconciliation.lines", { lines: card.lines, smart_count: card.lines })},{" "}
                    {t("reconciliation.payments", { payments: card.payments, smart_count: card.payments })}
                  </Typography>
                  <Stack
                    direction="row"
                    sx={{ justifyContent: "space-between", mt: 1 }}
                  >
                    <Typography variant="body2">
                      {t("reconciliation.uploadva")}
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {formatRupiah(card.uploadva)}
                    </Typography>
                  </Stack>
                  <Stack
                    direction="row"
                    sx={{ justifyContent: "space-between" }}
                  >
                    <Typography variant="body2">
                      {t("reconciliation.payment")}
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {formatRupiah(card.payment)}
                    </Typography>
                  </Stack>
                  <Chip
                    size="small"
                    sx={{ mt: 1 }}
                    color={agree ? "success" : "warning"}
                    label={
                      agree
                        ? t("reconciliation.agree")
                        : t("reconciliation.differ", {
                            amount: formatRupiah(
                              Math.abs(card.uploadva - card.payment),
                            ),
                          })
                    }
                  />
                </Box>
              );
            })}
          </Box>
        )}
      </States>
    </Section>
  );
}

function Arrears({ s, t }: { s: FinanceDashboardState; t: T }) {
  return (
    <Section title={t("arrears.title")} testid="dashboard-arrears">
      <States loaded={s.arrears} t={t} empty={(d) => d.data.length === 0}>
        {({ data: rows, total }) => (
          <Stack
            spacing={1}
            sx={{ maxHeight: 360, overflowY: "auto", pr: 0.5 }}
          >
            {total > rows.length && (
              <Typography variant="caption" color="text.secondary">
                {t("list.showing", { shown: rows.length, total })}
              </Typography>
            )}
            {rows.map((row) => (
              <Card
                key={`${row.kind}:${row.idsiswa}`}
                variant="outlined"
                sx={{
                  borderLeft: 4,
                  borderLeftColor: "error.main",
                  flexShrink: 0,
                }}
              >
                <CardActionArea
                  aria-label={t("arrears.open", { name: row.student_name })}
                  data-testid="arrears-card"
                  onClick={() =>
                    openInNewTab(
                      `/invoicetransaction?${row.kind === "student" ? "student_id" : "candidate_id"}=${row.idsiswa}`,
                    )
                  }
                  sx={{ p: 1.25 }}
                >
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{
                      justifyContent: "space-between",
                      alignItems: "baseline",
                    }}
                  >
                    <Typography variant="subtitle2" noWrap>
                      {row.student_name}
                    </Typography>
                    <Typography
                      variant="subtitle2"
                      color="error.main"
                      sx={{ whiteSpace: "nowrap" }}
                    >
                      {formatRupiah(row.total)}
                    </Typography>
                  </Stack>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                  >
                    {[row.student_number, row.class_name]
                      .filter(Boolean)
                      .join(" · ")}
                  </Typography>
                  <Typography variant="caption" component="p">
                    {t("arrears.invoices", {
                      smart_count: row.count,
                      count: row.count,
                      min: row.min_age,
                      max: row.max_age,
                    })}
                  </Typography>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        )}
      </States>
    </Section>
  );
}

function WaiverOverdue({ s, t }: { s: FinanceDashboardState; t: T }) {
  return (
    <Section title={t("waivers.title")} testid="dashboard-waivers">
      <States loaded={s.waivers} t={t} empty={(d) => d.data.length === 0}>
        {({ data: rows, total }) => (
          <Stack
            spacing={1}
            sx={{ maxHeight: 360, overflowY: "auto", pr: 0.5 }}
          >
            {total > rows.length && (
              <Typography variant="caption" color="text.secondary">
                {t("list.showing", { shown: rows.length, total })}
              </Typography>
            )}
            {rows.map((row) => (
              <Box
                key={`${row.kind}:${row.party_id}`}
                sx={{
                  p: 1.25,
                  border: 1,
                  borderColor: "divider",
                  borderLeft: 4,
                  borderLeftColor: "warning.main",
                  borderRadius: 1,
                  flexShrink: 0,
                }}
              >
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{
                    justifyContent: "space-between",
                    alignItems: "baseline",
                  }}
                >
                  <Typography variant="subtitle2" noWrap>
                    {row.name}
                  </Typography>
                  <Typography
                    variant="subtitle2"
                    color="warning.main"
                    sx={{ whiteSpace: "nowrap" }}
                  >
                    {formatRupiah(row.total)}
                  </Typography>
                </Stack>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                >
                  {[
                    row.students_id_number,
                    row.class_name,
                    t("waivers.age", { days: row.max_age, smart_count: row.max_age }),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Typography>
                {row.detailsGroup.map((g) => (
                  <Typography
                    key={g.income_type}
                    variant="caption"
                    component="p"
                  >
                    {t("waivers.group", {
                      type: g.income_type,
                      smart_count: g.count,
                      count: g.count,
                      outstanding: formatRupiah(g.outstanding),
                      waived: formatRupiah(g.waived),
                    })}
                  </Typography>
                ))}
              </Box>
            ))}
          </Stack>
        )}
      </States>
    </Section>
  );
}

function OutstandingPie({ s, t }: { s: FinanceDashboardState; t: T }) {
  const loaded = { ...s.charts, data: s.charts.data?.data ?? null };
  const open = (slice: PieSlice) =>
    openInNewTab(
      `${pieSliceTarget(slice.incometype)}?income_type_id=${slice.income_type_id}&cutoff=${s.cutoff}`,
    );
  return (
    <Section title={t("pie.title")} testid="dashboard-pie">
      <States loaded={loaded} t={t} empty={(d) => d.length === 0}>
        {(slices) => (
          <>
            <Box sx={{ height: 260 }}>
              <ResponsiveContainer width="100%" height="100%">
                <PieChart>
                  <Pie
                    data={slices}
                    dataKey="total"
                    nameKey="name"
                    innerRadius="45%"
                    outerRadius="85%"
                    paddingAngle={1}
                    onClick={(_, index) => open(slices[index]!)}
                    style={{ cursor: "pointer" }}
                    isAnimationActive={false}
                  >
                    {slices.map((slice, i) => (
                      <Cell
                        key={slice.income_type_id}
                        fill={SLICE_COLOURS[i % SLICE_COLOURS.length]}
                        data-testid={`pie-slice-${slice.incometype}`}
                      />
                    ))}
                  </Pie>
                  <ChartTooltip
                    formatter={(value) => formatRupiah(Number(value))}
                  />
                </PieChart>
              </ResponsiveContainer>
            </Box>
            <Stack
              component="ul"
              spacing={0.5}
              sx={{ listStyle: "none", p: 0, m: 0 }}
              aria-label={t("pie.hint")}
            >
              {slices.map((slice, i) => (
                <Box component="li" key={slice.income_type_id}>
                  <Button
                    size="small"
                    onClick={() => open(slice)}
                    data-testid="pie-legend"
                    sx={{
                      width: "100%",
                      justifyContent: "space-between",
                      textTransform: "none",
                      color: "text.primary",
                    }}
                    startIcon={
                      <Box
                        component="span"
                        sx={{
                          width: 12,
                          height: 12,
                          borderRadius: "2px",
                          bgcolor: SLICE_COLOURS[i % SLICE_COLOURS.length],
                        }}
                      />
                    }
                  >
                    <Box component="span" sx={{ flex: 1, textAlign: "left" }}>
                      {slice.name}
                    </Box>
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {formatRupiah(slice.total)}
                    </Box>
                  </Button>
                </Box>
              ))}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {t("pie.hint")}
            </Typography>
          </>
        )}
      </States>
    </Section>
  );
}

function OpenPayment({
  s,
  t,
  locale,
  operate,
}: {
  s: FinanceDashboardState;
  t: T;
  locale: string;
  operate: boolean;
}) {
  const translate = useTranslate();
  const rows = s.open.data?.data ?? [];
  const ids = rows.map((r) => r.payment_id);
  const all = ids.length > 0 && ids.every((id) => s.selected.includes(id));
  const toggle = (id: number) =>
    s.setSelected(
      s.selected.includes(id)
        ? s.selected.filter((x) => x !== id)
        : [...s.selected, id],
    );
  return (
    <Section
      title={t("open.title")}
      testid="dashboard-open-payment"
      action={
        operate && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: "center", pt: 1, pr: 1 }}
          >
            <Typography variant="body2" color="text.secondary">
              {t("open.selected", { count: s.selected.length })}
            </Typography>
            <Button
              variant="contained"
              size="small"
              onClick={s.generate}
              disabled={s.busy}
            >
              {t("open.generate")}
            </Button>
            <Button
              variant="outlined"
              size="small"
              onClick={s.close}
              disabled={s.busy}
            >
              {t("open.close")}
            </Button>
          </Stack>
        )
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t("open.help")}
      </Typography>
      {s.open.failure && (
        <Alert
          severity="error"
          action={<Button onClick={s.open.reload}>{t("retry")}</Button>}
        >
          {s.open.failure}
        </Alert>
      )}
      <TableContainer sx={{ opacity: s.open.loading ? 0.6 : 1 }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {operate && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={all}
                    indeterminate={!all && s.selected.length > 0}
                    disabled={!ids.length}
                    onChange={() => s.setSelected(all ? [] : ids)}
                    slotProps={{
                      input: { "aria-label": t("open.select_all") },
                    }}
                  />
                </TableCell>
              )}
              <TableCell>{t("open.name")}</TableCell>
              <TableCell>{t("open.class")}</TableCell>
              <TableCell>{t("open.payment_no")}</TableCell>
              <TableCell>{t("open.date")}</TableCell>
              <TableCell align="right">{t("open.reminder")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.open.data === null && !s.open.failure && (
              <TableRow>
                <TableCell colSpan={6}>
                  <Skeleton aria-label={t("loading")} />
                </TableCell>
              </TableRow>
            )}
            {s.open.data !== null && rows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={6}
                  align="center"
                  sx={{ py: 3, color: "text.secondary" }}
                >
                  {t("open.no_data")}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow
                key={row.payment_id}
                hover
                selected={s.selected.includes(row.payment_id)}
                data-testid="open-payment-row"
              >
                {operate && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={s.selected.includes(row.payment_id)}
                      onChange={() => toggle(row.payment_id)}
                      slotProps={{
                        input: {
                          "aria-label": t("open.select", {
                            no: row.payment_no,
                          }),
                        },
                      }}
                    />
                  </TableCell>
                )}
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.class ?? ""}</TableCell>
                <TableCell>{row.payment_no}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {dateText(row.payment_date, locale)}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ whiteSpace: "nowrap", fontWeight: 600 }}
                >
                  {formatRupiah(row.payment_reminder)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={s.open.data?.total ?? 0}
        page={s.page}
        rowsPerPage={s.perPage}
        rowsPerPageOptions={[5, 10, 25]}
        onPageChange={(_, p) => s.setPage(p)}
        onRowsPerPageChange={(e) => s.setPerPage(Number(e.target.value))}
        labelRowsPerPage={translate("ra.navigation.page_rows_per_page")}
        labelDisplayedRows={({ from, to, count }) =>
          translate("ra.navigation.page_range_info", {
            offsetBegin: from,
            offsetEnd: to,
            total: count,
          })
        }
      />
    </Section>
  );
}

function ThresholdEditor({ s, t }: { s: FinanceDashboardState; t: T }) {
  const [draft, setDraft] = useState<Thresholds | null>(null);
  const shown = draft ?? s.thresholds;
  const problem = thresholdProblem(shown);
  const field = (key: keyof Thresholds, label: string) => (
    <TextField
      fullWidth={false}
      size="small"
      type="number"
      label={label}
      value={Number.isNaN(shown[key]) ? "" : shown[key]}
      error={problem === key}
      onChange={(e) =>
        setDraft({
          ...shown,
          [key]: e.target.value === "" ? Number.NaN : Number(e.target.value),
        })
      }
      slotProps={{
        htmlInput: {
          min: 0,
          max: 100,
          step: 1,
          "data-testid": `threshold-${key}`,
        },
      }}
      sx={{ width: 140 }}
    />
  );
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1.5}
      sx={{ flexWrap: "wrap", alignItems: "center", mt: 2 }}
      component="form"
      aria-label={t("rate.edit")}
      onSubmit={async (e) => {
        e.preventDefault();
        if (problem) return;
        if (await s.saveThresholds(shown)) setDraft(null);
      }}
    >
      {field("chartfail", t("rate.red"))}
      {field("chartwarning", t("rate.yellow"))}
      {field("chartsuccess", t("rate.green"))}
      <Button
        type="submit"
        variant="outlined"
        size="small"
        disabled={!draft || problem !== null}
      >
        {t("rate.save")}
      </Button>
    </Stack>
  );
}

function CollectibleRate({
  s,
  t,
  locale,
}: {
  s: FinanceDashboardState;
  t: T;
  locale: string;
}) {
  const hover = (g: Gauge) =>
    t("rate.hover", {
      collected: formatRupiah(g.infohover.collected),
      due: formatRupiah(g.infohover.due),
      from: g.infohover.from
        ? dateText(g.infohover.from, locale)
        : t("rate.from_start"),
      to: dateText(g.infohover.to, locale),
    });
  return (
    <Section title={t("rate.title")} testid="dashboard-rate">
      <States loaded={s.charts} t={t} empty={() => false}>
        {(charts) => (
          <Stack
            direction="row"
            useFlexGap
            spacing={2}
            sx={{ flexWrap: "wrap" }}
          >
            {[charts.cutoffchart, charts.douchart].map((g) => (
              <RateGauge
                key={g.title}
                title={t(`rate.${g.title}`)}
                persen={g.persen}
                hover={hover(g)}
                thresholds={s.thresholds}
                emptyText={t("rate.no_due")}
                locale={locale}
              />
            ))}
          </Stack>
        )}
      </States>
      {s.thresholdsLoaded && <ThresholdEditor s={s} t={t} />}
    </Section>
  );
}

export function FinanceDashboardView({ s }: { s: FinanceDashboardState }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { operate } = useFinanceRoles();
  const t: T = (key, options) => translate(`finance.dashboard.${key}`, options);
  return (
    <Box
      sx={{ width: "100%", p: { xs: 0, sm: 1 } }}
      data-testid="finance-dashboard"
    >
      <Typography component="h1" variant="h5">
        {t("title")}
      </Typography>
      <Filters s={s} t={t} locale={locale} />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: {
            xs: "minmax(0, 1fr)",
            md: "repeat(2, minmax(0, 1fr))",
          },
        }}
      >
        <Box sx={{ gridColumn: { md: "1 / -1" } }}>
          <Reconciliation s={s} t={t} locale={locale} />
        </Box>
        <Arrears s={s} t={t} />
        <WaiverOverdue s={s} t={t} />
        <OutstandingPie s={s} t={t} />
        <CollectibleRate s={s} t={t} locale={locale} />
        <Box sx={{ gridColumn: { md: "1 / -1" } }}>
          <OpenPayment s={s} t={t} locale={locale} operate={operate} />
        </Box>
      </Box>
    </Box>
  );
}

export function FinanceDashboardPage() {
  const translate = useTranslate();
  useDocumentTitle(translate("finance.dashboard.title"));
  const state = useFinanceDashboard();
  return <FinanceDashboardView s={state} />;
}
