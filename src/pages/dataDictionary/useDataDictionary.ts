// The data dictionary page's state: the search text and the chosen entity (in the URL, so a
// reference is a link), and the entities the search finds (by name or label of the entity or
// of one of its fields, in either language).

import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DATA_DICTIONARY } from '../../generated/dataDictionary';
import type { DictionaryEntity } from '../../shared/dataDictionary';
import type { Locale } from '../../shared/entityModel';

export function matches(entity: DictionaryEntity, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [entity.name, entity.label.en, entity.label.id, ...entity.fields.flatMap((f) => [f.name, f.label.en, f.label.id])].join(' ').toLowerCase();
  return words.every((w) => haystack.includes(w));
}

export function useDataDictionary(locale: Locale) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const entities = useMemo(() => [...DATA_DICTIONARY].sort((a, b) => a.label[locale].localeCompare(b.label[locale], locale)), [locale]);
  const found = useMemo(() => entities.filter((e) => matches(e, search)), [entities, search]);
  const chosenName = params.get('entity');
  const chosen = entities.find((e) => e.name === chosenName) ?? found[0];
  const choose = (name: string) => setParams({ entity: name });
  const labelOf = (name: string) => entities.find((e) => e.name === name)?.label[locale] ?? name;
  return { entities, found, chosen, search, setSearch, choose, labelOf };
}
