import { describe, expect, it } from 'vitest';
import { hasUrlShape } from '../../src/lib/url-shape.ts';

// What an e-mail never carries from text someone else typed, and what a name may not be: a
// first name `WIN $500 at https://evil.example/claim` reached a welcome e-mail. Every way a mail program
// or a reader could take text for a link or an address, also hidden in other characters, is found; the
// names people have are not.

const SHAPED = [
  'WIN $500 at https://evil.example/claim', 'https://evil.example', 'HTTP://EVIL.EXAMPLE', 'ftp://evil.example', '//evil.example/x',
  'evil.example', 'Claim at evil.example/claim', 'EVIL.EXAMPLE', 'paypal.com-secure.help', 'bücher.example', 'xn--bcher-kva.example',
  'www.evil', 'WWW2.evil', 'win@evil.example', 'mailto:win@evil.example', 'javascript:alert(1)', 'data:text/html,x', 'tel:+15550100',
  'ｅｖｉｌ．ｅｘａｍｐｌｅ', 'evil．example', 'evil。example', 'evil｡example', 'evil\u200b.example', 'e\u200dvil.exa\u200bmple',
  'Prize 203.0.113.9', '203.0.113.9/claim',
];
const NAMES = [
  'Ana', 'Jean-Luc', "O'Neil", 'J.R.R. Tolkien', 'A. B. Smith', 'Dr. Who', 'María José', 'Zoë 2.0', '李小龙', 'Nguyễn Văn A',
  'Ana, 3.5', 'Jo.', 'Ph.D', 'Anne-Marie', 'WIN $500 now', '', ' ',
];

describe('hasUrlShape', () => {
  it.each(SHAPED)('finds %j', (text) => expect(hasUrlShape(text)).toBe(true));
  it.each(NAMES)('leaves the name %j', (text) => expect(hasUrlShape(text)).toBe(false));
  it('takes a dot joining two words for a domain, so "St.John" is written "St. John"', () => {
    expect(hasUrlShape('St.John')).toBe(true);
    expect(hasUrlShape('St. John')).toBe(false);
  });
});
