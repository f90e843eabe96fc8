import enUS from '../../locales/lazy/en-US/assistants.json';
import zhCN from '../../locales/lazy/zh-CN/assistants.json';
import { addLazyTexts } from '../i18n/lazy-texts';

// The builder's and the actions editor's texts come with the panel's code, out of the initial JavaScript
// (docs/architecture.md (Performance budgets)).
addLazyTexts({ 'en-US': enUS, 'zh-CN': zhCN });
