import enUS from '../../locales/lazy/en-US/plugins.json';
import zhCN from '../../locales/lazy/zh-CN/plugins.json';
import { addLazyTexts } from '../i18n/lazy-texts';

// The store's and the tool picker's texts come with the first of them to load (the settings panel or the dialog),
// out of the initial JavaScript (docs/architecture.md (Performance budgets)).
addLazyTexts({ 'en-US': enUS, 'zh-CN': zhCN });
