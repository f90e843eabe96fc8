import enUS from '../../locales/lazy/en-US/share.json';
import zhCN from '../../locales/lazy/zh-CN/share.json';
import { addLazyTexts } from '../i18n/lazy-texts';

// The share dialog's, the shared-links list's and the /share page's texts load with them, out of the initial
// JavaScript (docs/architecture.md (Performance budgets)); the sidebar button's label is in the main catalogues.
addLazyTexts({ 'en-US': enUS, 'zh-CN': zhCN });
