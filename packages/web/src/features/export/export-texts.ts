import enUS from '../../locales/lazy/en-US/export.json';
import zhCN from '../../locales/lazy/zh-CN/export.json';
import { addLazyTexts } from '../i18n/lazy-texts';

// The dialog's texts load with it, out of the initial JavaScript (docs/architecture.md (Performance budgets)); the
// menu item's label is in the main catalogues.
addLazyTexts({ 'en-US': enUS, 'zh-CN': zhCN });
