import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('plainText', () => {
  it('drops tags, keeping the words they wrapped', () => {
    expect(plainText('The <b>quick</b> <a href="x">fox</a>')).toBe('The quick fox');
  });

  it('joins an inline tag to its sentence and parts blocks with a space', () => {
    expect(plainText('It is <b>42</b>. One<p>Two</p><div>Three</div>')).toBe('It is 42. One Two Three');
  });

  it('drops scripts, styles and comments with their content', () => {
    expect(plainText('a<script type="x">evil()</script>b<style>p{}</style>c<!-- note -->d')).toBe('a b c d');
  });

  it('decodes named and numeric entities after the tags are gone', () => {
    expect(plainText('Tom &amp; Jerry &#8212; &#x4E2D;&#25991; &lt;b&gt; &quot;q&quot;')).toBe(
      'Tom & Jerry — 中文 <b> "q"',
    );
  });

  it('keeps an entity it does not know as written', () => {
    expect(plainText('&unknown; &#x110000;')).toBe('&unknown; &#x110000;');
  });

  it('folds whitespace and line breaks into single spaces', () => {
    expect(plainText('  one\n\n two\t<br>three  ')).toBe('one two three');
  });

  it('leaves a less-than sign that starts no tag', () => {
    expect(plainText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });
});
