// How each schema field kind is SHOWN (list column, show page). One entry per kind; the
// kind's form input is in fieldInputs.tsx and its list filter inputs in filterInputs.tsx
// (Record<FieldKind, …>: adding a kind without an entry does not type-check). Whether a list
// sorts or filters by a kind is the shared table's (src/shared/fieldKinds.ts), which the
// server follows too.
//
// This module is part of the first list's code, so it stays small: links are plain styled
// text rather than react-admin's link fields, and what only some tables need (rich text with
// its HTML sanitizer, chips of a many-reference, files and images) arrives when first drawn.

import { Suspense, useContext, type ComponentType, type MouseEvent } from 'react';
import {
  useCreatePath,
  useGetManyAggregate,
  useRecordContext,
  useResourceDefinition,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import DoneIcon from '@mui/icons-material/Done';
import ErrorIcon from '@mui/icons-material/Error';
import type { FieldKind, FieldModel, ResourceEntry } from '../shared/entityModel';
import { recordText, TREE_SEPARATOR, treePathOf } from './represent';
import { InTableCell } from './inTableCell';
import { TableReferences, type ReferencedRecords } from './list/tableReferences';
import { formatDate, formatDateTime, formatNumber, formatRupiah } from './format';
import { lazyPart } from './lazyPart';
import { targetEntry } from './registryLookup';
import { useText, useUiLocale } from './useText';

/** Props of a kind's display: rendered inside a record context (list row, show page). */
export interface KindFieldProps {
  field: FieldModel;
  /** = field.name; SimpleShowLayout and DataTable read it for the label. */
  source: string;
  /** The label's translation key; read by SimpleShowLayout from its children. */
  label?: string;
  /** Read by the list's header from its columns (FIELD_KINDS[kind].sortable). */
  sortable?: boolean;
}

// Loaded when a table or show page first draws such a field.
const RichTextDisplay = lazyPart(() => import('./richTextDisplay').then((m) => m.RichTextDisplay));
const ReferencesDisplay = lazyPart(() => import('./lazyDisplays').then((m) => m.ReferencesDisplay));
const FileDisplay = lazyPart(() => import('./lazyDisplays').then((m) => m.FileDisplay));
const ImageDisplay = lazyPart(() => import('./lazyDisplays').then((m) => m.ImageDisplay));

/** A reference's link in a table's cell (styled by the table: src/views/list/RecordTable.tsx). */
export const TABLE_LINK = 'MuiTypography-root MuiTypography-body2 RecordTable-link';
/** A yes/no icon in a table's cell (styled by the table). */
export const TABLE_ICON = 'MuiSvgIcon-root MuiSvgIcon-fontSizeSmall RecordTable-icon';

const linkSx = { color: 'primary.main', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } } as const;

/** A link in a list row opens what it points to, not the row's record. */
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

function useValue(source: string): unknown {
  const record = useRecordContext();
  return record?.[source];
}

const multilineSx = { whiteSpace: 'pre-line' } as const;
/** An amount or a date is read as one piece: never broken over two lines in a narrow column. */
const unbrokenSx = { whiteSpace: 'nowrap' } as const;

const multilineStyle = { whiteSpace: 'pre-line' } as const;
const unbrokenStyle = { whiteSpace: 'nowrap' } as const;

function Plain({ children, multiline, unbroken }: { children: string; multiline?: boolean; unbroken?: boolean }) {
  // In a list's cell the cell sets the type: a bare span (a page has hundreds of cells).
  if (useContext(InTableCell)) return <span style={multiline ? multilineStyle : unbroken ? unbrokenStyle : undefined}>{children}</span>;
  return (
    <Typography component="span" variant="body2" sx={multiline ? multilineSx : unbroken ? unbrokenSx : undefined}>
      {children}
    </Typography>
  );
}

function asText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function PlainText({ source }: KindFieldProps) {
  return <Plain>{asText(useValue(source))}</Plain>;
}

function MoneyField({ source }: KindFieldProps) {
  return <Plain unbroken>{formatRupiah(useValue(source))}</Plain>;
}

/** A whole number bounded to four digits is a year (2026, not 2.026): no thousands separator. */
function isYearLike(field: FieldModel): boolean {
  return field.kind === 'integer' && (field.min ?? 0) >= 1000 && (field.max ?? Infinity) <= 9999;
}

function NumberText({ field, source }: KindFieldProps) {
  const value = useValue(source);
  const locale = useUiLocale();
  return <Plain>{isYearLike(field) ? asText(value) : formatNumber(value, locale)}</Plain>;
}

function DateText({ source }: KindFieldProps) {
  return <Plain unbroken>{formatDate(useValue(source), useUiLocale())}</Plain>;
}

function DateTimeText({ source }: KindFieldProps) {
  return <Plain unbroken>{formatDateTime(useValue(source), useUiLocale())}</Plain>;
}

function MultilineText({ source }: KindFieldProps) {
  return <Plain multiline>{asText(useValue(source))}</Plain>;
}

function EnumText({ field, source }: KindFieldProps) {
  const text = useText();
  const value = useValue(source);
  const option = field.options?.find((o) => o.value === value);
  return <Plain>{option ? text(option.label) : value == null ? '' : String(value)}</Plain>;
}

/** The paths of Material's Done and Clear icons (@mui/icons-material), for a table's cells. */
const TICK = 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z';
const CROSS = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/** A tick or a cross, named (for screen readers, and as a tooltip) in the UI language. */
function YesNo({ source }: KindFieldProps) {
  const translate = useTranslate();
  const value = useValue(source);
  const inCell = useContext(InTableCell);
  if (value !== true && value !== false) return null;
  const title = translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  // In a list's cell, the same <svg> Material's icon draws (SvgIcon's classes, its look styled
  // once by the table: src/views/list/RecordTable.tsx), not an icon component of six each.
  if (inCell) {
    return (
      <svg className={TABLE_ICON} focusable="false" role="img" viewBox="0 0 24 24">
        <path d={value ? TICK : CROSS} />
        <title>{title}</title>
      </svg>
    );
  }
  const Icon = value ? DoneIcon : ClearIcon;
  return <Icon fontSize="small" titleAccess={title} sx={{ verticalAlign: 'middle' }} />;
}

function ColorSwatch({ source }: KindFieldProps) {
  const value = useValue(source);
  if (typeof value !== 'string' || !value) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 20, height: 20, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: value }}
      />
      <Typography component="span" variant="body2">
        {value}
      </Typography>
    </Box>
  );
}

function Anchor({ href, children }: { href: string; children: string }) {
  return (
    <Typography component="a" variant="body2" href={href} onClick={stopPropagation} sx={linkSx}>
      {children}
    </Typography>
  );
}

function EmailText({ source }: KindFieldProps) {
  const value = useValue(source);
  return typeof value === 'string' && value ? <Anchor href={`mailto:${value}`}>{value}</Anchor> : null;
}

function UrlText({ source }: KindFieldProps) {
  const value = useValue(source);
  if (typeof value !== 'string' || !value) return null;
  return (
    <Typography component="a" variant="body2" href={value} target="_blank" rel="noopener noreferrer" onClick={stopPropagation} sx={linkSx}>
      {value}
    </Typography>
  );
}

/**
 * The referenced record as its `represent` text, linked to its page when the user may open it
 * (its resource has a show page for the user's roles: src/app/resourceFromEntry.tsx). In a
 * table, the table has fetched the records of its page's cells (./list/tableReferences.tsx);
 * elsewhere (a show page) the record is asked for here, with react-admin's batched call
 * (useGetManyAggregate), but without the contexts and the two access checks per cell of its
 * ReferenceFieldBase.
 */
function ReferenceText({ field, source }: KindFieldProps) {
  const target = targetEntry(field.to);
  const value = useValue(source);
  const inTable = useContext(TableReferences);
  if (!target) return <PlainText field={field} source={source} />;
  if (value === null || value === undefined || value === '') return null;
  const loaded = inTable?.get(target.resource);
  if (loaded) return <TableReferencedRecord target={target} id={value as Identifier} loaded={loaded} />;
  return <ReferencedRecord target={target} id={value as Identifier} />;
}

function ReferencedRecord({ target, id }: { target: ResourceEntry; id: Identifier }) {
  const { data, error } = useGetManyAggregate(target.resource, { ids: [id] });
  const { hasShow } = useResourceDefinition({ resource: target.resource });
  const createPath = useCreatePath();
  const record = data?.find((r) => String(r.id) === String(id));
  return (
    <RecordLink
      target={target}
      record={record}
      error={error}
      showPath={hasShow ? () => createPath({ resource: target.resource, id, type: 'show' }) : undefined}
    />
  );
}

/**
 * In a table's cell the link is a plain <a> with Typography's body2 classes, its look styled
 * once by the table (src/views/list/RecordTable.tsx), its click following react-router's Link:
 * a Typography over a Link is six components, and a page of a list has a hundred such links.
 */
function TableReferencedRecord({ target, id, loaded }: { target: ResourceEntry; id: Identifier; loaded: ReferencedRecords }) {
  const record = loaded.records.get(String(id));
  if (!record) return <RecordLink target={target} record={record} error={loaded.error} />;
  // A record of a tree is named by itself in a cell ("Guru", "Unit SMA"), its path from the
  // root in the tooltip: the whole path in every row wrapped each cell to three lines.
  const path = treePathOf(target, record);
  const text = path ? path[path.length - 1] : recordText(target, record);
  const title = path && path.length > 1 ? path.join(TREE_SEPARATOR) : undefined;
  if (!loaded.hasShow) return <span title={title}>{text}</span>;
  return (
    <a className={TABLE_LINK} href={loaded.showHref(id)} onClick={(event) => loaded.follow(event, id)} title={title}>
      {text}
    </a>
  );
}

function RecordLink({
  target,
  record,
  error,
  showPath,
}: {
  target: ResourceEntry;
  record: RaRecord | undefined;
  error: unknown;
  showPath?: () => string;
}) {
  if (error && !record) {
    const text = typeof error === 'string' ? error : (error as Error)?.message;
    return <ErrorIcon color="error" fontSize="small" titleAccess={text || undefined} />;
  }
  if (!record) return null;
  const text = recordText(target, record);
  if (!showPath) return <Plain>{text}</Plain>;
  return (
    <Typography component={Link} to={showPath()} variant="body2" onClick={stopPropagation} sx={linkSx}>
      {text}
    </Typography>
  );
}

function ReferencesText({ field, source }: KindFieldProps) {
  const target = targetEntry(field.to);
  if (!target) return <PlainText field={field} source={source} />;
  return (
    <Suspense fallback={null}>
      <ReferencesDisplay source={source} reference={target.resource} />
    </Suspense>
  );
}

function RichText({ source }: KindFieldProps) {
  return (
    <Suspense fallback={null}>
      <RichTextDisplay source={source} />
    </Suspense>
  );
}

function FileText({ source }: KindFieldProps) {
  return (
    <Suspense fallback={null}>
      <FileDisplay source={source} />
    </Suspense>
  );
}

function ImageView({ source }: KindFieldProps) {
  return (
    <Suspense fallback={null}>
      <ImageDisplay source={source} />
    </Suspense>
  );
}

export const fieldDisplay: Record<FieldKind, ComponentType<KindFieldProps>> = {
  string: PlainText,
  text: MultilineText,
  richtext: RichText,
  integer: NumberText,
  number: NumberText,
  money: MoneyField,
  boolean: YesNo,
  date: DateText,
  datetime: DateTimeText,
  time: PlainText,
  email: EmailText,
  url: UrlText,
  enum: EnumText,
  reference: ReferenceText,
  references: ReferencesText,
  file: FileText,
  image: ImageView,
  color: ColorSwatch,
  // Never sent back by the server, so nothing to show (fieldReadable leaves such fields out).
  password: () => null,
};
