// How a list is FILTERED by a field: one input on the field, a from / to pair (`<field>_gte`,
// `<field>_lte`), or not at all, as the shared table of kinds says (src/shared/fieldKinds.ts;
// the server accepts the same parameters).
//
// The list only needs the filters' names for its "add filter" menu; the inputs themselves
// (selects, autocompletes, date inputs: filterInputs.tsx) load when a filter is first shown.

import { Suspense, type ReactElement } from 'react';
import type { FieldModel } from '../shared/entityModel';
import { FIELD_KINDS } from '../shared/fieldKinds';
import type { FilterInputProps } from './filterInputs';
import { lazyPart } from './lazyPart';

const LazyFilterInput = lazyPart(() => import('./filterInputs').then((m) => m.default));

/**
 * A filter input, loaded when first drawn. The element's own props (`source`, `label`,
 * `alwaysOn`) are what react-admin's filter menu and filter form read.
 */
function FilterInput(props: FilterInputProps) {
  return (
    <Suspense fallback={null}>
      <LazyFilterInput {...props} />
    </Suspense>
  );
}

export interface FilterLabels {
  /** The field's label's translation key. */
  label: string;
  /** Labels of a range's two ends ("… from", "… to"), already translated. */
  fromLabel: string;
  toLabel: string;
}

/** The filter inputs a field adds to its list (none: not filterable). */
export function filterInputsOf(field: FieldModel, { label, fromLabel, toLabel }: FilterLabels): ReactElement[] {
  switch (FIELD_KINDS[field.kind].filter) {
    case 'equals':
    case 'contains':
      return [<FilterInput key={field.name} field={field} source={field.name} label={label} />];
    case 'range':
      return [
        <FilterInput key={`${field.name}_gte`} field={field} source={`${field.name}_gte`} label={fromLabel} />,
        <FilterInput key={`${field.name}_lte`} field={field} source={`${field.name}_lte`} label={toLabel} />,
      ];
    default:
      return [];
  }
}
