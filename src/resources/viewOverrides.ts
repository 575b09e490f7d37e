// Hand-written views that replace one generated view of one entity, when a schema cannot say
// it (DESIGN.md, src/resources/<entity>/). Each is loaded on demand like the generated views,
// so the first page gets no heavier; the entity's other views stay generated. An entry
//   class: { list: () => import('./class/ClassList') },
// makes /class draw ClassList (given the same props as the generated list: EntityViewProps)
// and leaves its show, create and edit alone. None is needed yet.

import type { ViewOverrides } from './viewOverride';

export const VIEW_OVERRIDES: ViewOverrides = {};
