import { mergeFragments, type Catalogue } from '../merge-fragments';

export default mergeFragments(import.meta.glob<Catalogue>('./*.json', { import: 'default', eager: true }));
