// The browser tab's title: the current resource's name followed by the product name
// (spec 1 §1), in the UI language. The shell's own pages (src/pages/) set theirs.

import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { entryOfResource, useRegistryEntries } from '../views/registryLookup';

export function DocumentTitle() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const entries = useRegistryEntries();
  const resource = pathname.split('/')[1] ?? '';
  const known = entries.length > 0 && entryOfResource(resource) !== undefined;
  useEffect(() => {
    if (!known) return;
    document.title = `${translate(`resources.${resource}.name`, { smart_count: 2 })} · ${translate('app.name')}`;
  }, [resource, known, translate]);
  return null;
}
