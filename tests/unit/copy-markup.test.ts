// The dashboard's copy fields, campaign selector, sidebar avatar, the menu icons and the share links' QR
// buttons, written as text on the server:
// every value a company or ambassador chose is escaped, and what the browser scripts read is
// there without JavaScript too.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { campaignSelectorHtml } from '../../src/ui/campaign-selector/campaign-selector-markup';
import { copyShareHtml } from '../../src/ui/copy-share/copy-share-markup';
import { iconHtml } from '../../src/ui/shell/icon-markup';
import { qrButtonHtml } from '../../src/ui/qr-download/qr-download-markup';
import { sidebarAvatarHtml } from '../../src/ui/sidebar-avatar/sidebar-avatar-markup';
import { catalogueFiles, importedFiles } from './import-walk';

const HOSTILE = `"><script>alert(1)</script>&'`;
const ESCAPED = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;';
const labels = { copy: 'Copy', copied: 'Copied!', copyFailed: 'Could not copy. Select and copy it.', share: 'Share' };

describe('copy field markup', () => {
  it('is a read-only field named by its label, with Copy and an idle status line', () => {
    const html = copyShareHtml({ value: 'https://demo.test/r/ava', shortCode: 'AVA', fieldLabel: 'Referral link', labels: { ...labels, share: undefined } });
    expect(html).toContain('<input class="copy-field" readonly spellcheck="false" value="https://demo.test/r/ava" aria-label="Referral link" />');
    expect(html).toContain('<button type="button" class="btn" data-copy>Copy</button>');
    expect(html).toContain('<p class="copy-status" role="status" aria-live="polite" data-copy-status="idle"></p>');
    expect(html).toContain('data-short-code="AVA" data-channel="copy" data-copied="Copied!"');
    expect(html).toContain('data-enhance');
    expect(html).not.toContain('data-share');
  });

  it('escapes the value, the labels, the share texts and the share links', () => {
    const html = copyShareHtml({
      value: HOSTILE, shortCode: HOSTILE, channel: HOSTILE, fieldLabel: HOSTILE, labels: { copy: HOSTILE, copied: HOSTILE, copyFailed: HOSTILE, share: HOSTILE },
      share: { title: HOSTILE, text: HOSTILE, targets: [{ channel: HOSTILE, label: HOSTILE, href: `https://x.test/?a=1&b=${HOSTILE}` }] },
    });
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/="[^"]*"[^ >/]/);
    expect(html).toContain(`value="${ESCAPED}"`);
    expect(html).toContain(`data-share-title="${ESCAPED}" data-share-text="${ESCAPED}"`);
    expect(html).toContain(`href="https://x.test/?a=1&amp;b=${ESCAPED}"`);
    expect(html).toContain(`>${ESCAPED}</a>`);
    expect(html.match(new RegExp(ESCAPED.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'))?.length).toBe(13);
  });

  it('writes a multi-line value as the text of a textarea', () => {
    const html = copyShareHtml({ value: '<img src="a.png">\n</textarea>', channel: 'embed', fieldLabel: 'Embed code', labels, multiline: true });
    expect(html).toContain('<textarea class="copy-field" readonly rows="4" spellcheck="false" aria-label="Embed code">&lt;img src=&quot;a.png&quot;&gt;\n&lt;/textarea&gt;</textarea>');
    expect(html).toContain('data-channel="embed"');
    expect(html).not.toContain('data-short-code');
  });

  it('offers Share with its links hidden until asked for, each naming its channel', () => {
    const html = copyShareHtml({
      value: 'https://demo.test/r/ava', shortCode: 'AVA', fieldLabel: 'Referral link', labels,
      share: { title: 'Spring', text: 'Join me', targets: [{ channel: 'email', label: 'E-mail', href: 'mailto:?subject=Spring' }] },
    });
    expect(html).toContain('<button type="button" class="btn btn-secondary" aria-expanded="false" data-share>Share</button>');
    expect(html).toContain('<ul class="share-targets" data-share-targets hidden><li><a href="mailto:?subject=Spring" target="_blank" rel="noopener noreferrer" data-channel="email">E-mail</a></li></ul>');
  });
});

describe('campaign selector markup', () => {
  const campaigns = [{ campaign_id: 101, campaign_name: 'Spring' }, { campaign_id: 102, campaign_name: HOSTILE }, { campaign_id: 103, campaign_name: null }];
  const words = { campaign: 'Campaign', allCampaigns: 'All campaigns' };

  it('lists "All campaigns" first, then every campaign, with the server\'s choice selected', () => {
    const html = campaignSelectorHtml({ campaigns, value: '102', enabled: true, labels: words });
    expect(html).toContain('<label for="campaign-selector">Campaign</label>');
    expect(html).toContain('<select id="campaign-selector" name="campaign" autocomplete="off" data-campaign-selector>');
    expect(html).toContain(`<option value="all">All campaigns</option><option value="101">Spring</option><option value="102" selected>${ESCAPED}</option><option value="103">103</option>`);
    expect(html).not.toContain('<script');
  });

  it('selects "All campaigns" when the server chose every campaign', () => {
    expect(campaignSelectorHtml({ campaigns, value: 'all', enabled: true, labels: words })).toContain('<option value="all" selected>');
  });

  it('shows one campaign disabled, without "All campaigns", and nothing without campaigns', () => {
    const one = campaignSelectorHtml({ campaigns: campaigns.slice(0, 1), value: '101', enabled: false, labels: words });
    expect(one).toContain('data-campaign-selector disabled><option value="101" selected>Spring</option></select>');
    expect(campaignSelectorHtml({ campaigns: [], value: '', enabled: false, labels: words })).toBe('');
  });
});

describe('sidebar avatar markup', () => {
  it('is a link to the account page\'s avatar dialog, named by its label, carrying the dialog\'s words', () => {
    const json = JSON.stringify({ save: 'Enregistrer', avatarDialogTitle: 'Votre photo <profil> & "nom"' });
    const html = sidebarAvatarHtml({ uid: 'amb-ava', avatarUrl: '/media/avatars/demo/amb-ava/a.png', label: "Modifier l'avatar", labelsJson: json });
    expect(html).toMatch(/^<a class="avatar-button" href="\/app\/account#avatar" title="Modifier l&#39;avatar" data-sidebar-avatar-link data-enhance data-uid="amb-ava"/);
    expect(html).toContain('<img class="avatar" src="/media/avatars/demo/amb-ava/a.png" alt="" width="56" height="56" data-fallback="/default-avatar.svg" data-sidebar-avatar />');
    expect(html).toContain('<span class="visually-hidden">Modifier l&#39;avatar</span></a>');
    const carried = /data-labels="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(JSON.parse(carried)).toEqual(JSON.parse(json));
    expect(JSON.parse(json).save).toBe('Enregistrer');
  });

  it('shows the default picture without an avatar and escapes what the ambassador or company chose', () => {
    expect(sidebarAvatarHtml({ uid: 'u', avatarUrl: null, label: 'Edit avatar', labelsJson: '{}' })).toContain('src="/default-avatar.svg"');
    const html = sidebarAvatarHtml({ uid: HOSTILE, avatarUrl: HOSTILE, label: HOSTILE, labelsJson: JSON.stringify({ save: HOSTILE }) });
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/="[^"]*"[^ >/]/);
    expect(html).toContain(`data-uid="${ESCAPED}"`);
    expect(html).toContain(`src="${ESCAPED}"`);
  });
});

describe('menu icon markup', () => {
  it('is a decorative SVG of the named icon, the file icon for a name it does not know', () => {
    const home = iconHtml('home');
    expect(home).toMatch(/^<svg class="icon" data-icon="home" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path [^>]+\/><\/svg>$/);
    expect(iconHtml('fa fa-shopping-cart')).toContain('data-icon="shopping-cart"');
    expect(iconHtml(HOSTILE)).toContain('data-icon="file"');
    expect(iconHtml(null)).toContain('data-icon="file"');
  });

  it('escapes an extra class, and gives the same markup for the same icon again', () => {
    expect(iconHtml('star', HOSTILE)).toContain(`class="icon ${ESCAPED}"`);
    expect(iconHtml('star', 'big')).toContain('class="icon big" data-icon="star"');
    expect(iconHtml('home')).toBe(iconHtml('home'));
  });
});

describe('QR button markup', () => {
  const labels = { button: 'QR code', title: 'Download the QR code of https://demo.test/r/ava', failed: 'Could not make the QR code.' };

  it('is a button named by its title, carrying the link, the code and the failure text for its script', () => {
    expect(qrButtonHtml({ link: 'https://demo.test/r/ava', shortCode: 'ava', labels })).toBe(
      '<button type="button" class="btn btn-secondary btn-small" title="Download the QR code of https://demo.test/r/ava" aria-label="Download the QR code of https://demo.test/r/ava"'
      + ' data-qr="ava" data-qr-link="https://demo.test/r/ava" data-qr-failed="Could not make the QR code." data-enhance>QR code</button>');
  });

  it('escapes the link, the code and the labels', () => {
    const html = qrButtonHtml({ link: HOSTILE, shortCode: HOSTILE, labels: { button: HOSTILE, title: HOSTILE, failed: HOSTILE } });
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/="[^"]*"[^ >/]/);
    expect(html.match(new RegExp(ESCAPED.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'))?.length).toBe(6);
  });
});

describe('their page scripts', () => {
  // They get their words from the markup: importing lib/i18n, even through another module, would put
  // every catalogue into the browser bundle.
  it.each(['copy-share/copy-share.ts', 'campaign-selector/campaign-selector.ts', 'sidebar-avatar/sidebar-avatar.ts', 'qr-download/qr-download.ts'])('%s imports no message catalogue, directly or through another module', (script) => {
    expect(catalogueFiles(importedFiles(path.resolve(__dirname, '../../src/ui', script)))).toEqual([]);
  });
});
