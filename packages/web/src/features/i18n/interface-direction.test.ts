import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import * as Tabs from '@radix-ui/react-tabs';
import { InterfaceDirection } from './interface-direction';

// Radix takes its direction from its own context: a tab list drawn inside InterfaceDirection is right to left in
// Arabic (its arrow keys and layout follow), and left to right otherwise.

const tabs = () =>
  createElement(
    InterfaceDirection,
    null,
    createElement(
      Tabs.Root,
      { defaultValue: 'a' },
      createElement(Tabs.List, { 'aria-label': 'x' }, createElement(Tabs.Trigger, { value: 'a' }, 'A')),
    ),
  );

describe('InterfaceDirection', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ resources: {}, lng: 'ar-EG', fallbackLng: false });
  });
  afterAll(async () => {
    await i18next.changeLanguage('en-US');
  });

  it('gives Radix components right to left in Arabic', async () => {
    await i18next.changeLanguage('ar-EG');
    expect(renderToStaticMarkup(tabs())).toMatch(/<div dir="rtl"[^>]*data-orientation="horizontal"/);
  });

  it('and left to right in the other languages', async () => {
    for (const lng of ['en-US', 'zh-CN', 'de-DE']) {
      await i18next.changeLanguage(lng);
      expect(renderToStaticMarkup(tabs())).toMatch(/<div dir="ltr"/);
    }
  });
});
