import { describe, expect, it } from 'vitest';
import { iconName } from '../../src/ui/shell/icon-name';

// Never a menu without icons: every menu item gets an icon, whatever spelling the company's
// settings use for the spec §2 custom-tab icons.
const KNOWN = ['home', 'chart', 'shopping-cart', 'star', 'university', 'info', 'logout', 'file'];

describe('menu icon name', () => {
  it.each([
    ['shopping-cart', 'shopping-cart', 'the spec name'],
    ['star', 'star', 'the spec name'],
    ['university', 'university', 'the spec name'],
    ['info', 'info', 'the spec name'],
    ['home', 'home', 'a built-in tab icon'],
    ['  Shopping-Cart ', 'shopping-cart', 'another case and spaces'],
    ['shopping_cart', 'shopping-cart', 'underscores'],
    ['fa fa-shopping-cart', 'shopping-cart', 'an icon-font class list'],
    ['fas fa-star', 'star', 'a solid icon-font class list'],
    ['fa-info-circle', 'info', 'an icon-font alias'],
    ['graduation-cap', 'university', 'an alias'],
    ['cart', 'shopping-cart', 'a short alias'],
    ['rocket', 'file', 'an unknown icon'],
    ['', 'file', 'an empty setting'],
    [null, 'file', 'no setting'],
    [undefined, 'file', 'no setting'],
    ['<script>', 'file', 'markup'],
  ] as const)('%j gives %s (%s)', (raw, expected, _case) => {
    expect(iconName(raw, KNOWN, 'file')).toBe(expected);
  });
});
