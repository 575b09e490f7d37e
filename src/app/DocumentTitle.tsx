// The browser tab's title: the current resource's name followed by the product name
// (spec 1 §1), in the UI language.

import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { resources } from '../generated/registry';

const known = new Set(resources.map((entry) => entry.resource));

export function DocumentTitle() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const resource = pathname.split('/')[1] ?? '';
  useEffect(() => {
    const product = translate('app.name');
    document.title = known.has(resource)
      ? `${translate(`resources.${resource}.name`, { smart_count: 2 })} · ${product}`
      : product;
  }, [resource, translate]);
  return null;
}
