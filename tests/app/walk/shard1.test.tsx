// @vitest-environment jsdom
// One walk file of the catalogue walk (catalogueWalk.tsx): its share of the schemas.
import { walkCatalogue } from './catalogueWalk';

walkCatalogue(0);
