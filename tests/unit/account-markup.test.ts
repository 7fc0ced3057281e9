// The password fields and the confirmation popup, written as text on the server: the ids and
// references the page script and screen readers follow, the server's errors, every word escaped; and
// their page scripts carry no message catalogue.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passwordFieldLabels } from '../../src/ui/password-fields/password-field-labels';
import { confirmDialogTemplateHtml } from '../../src/ui/confirm-dialog/confirm-dialog-markup';
import { passwordFieldsHtml, type PasswordFieldLabels } from '../../src/ui/password-fields/password-fields-markup';
import { catalogueFiles, importedFiles } from './import-walk';

const HOSTILE = `"><script>alert(1)</script>&'`;
const ESCAPED = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;';
const count = (html: string, part: string) => html.split(part).length - 1;

describe('password fields markup', () => {
  it('is the new password with its meter and checklist, then the confirmation, in the page language', () => {
    const html = passwordFieldsHtml({ labels: passwordFieldLabels('fr') });
    expect(html).toContain('<label for="password">Nouveau mot de passe</label><input id="password" name="password" type="password" autocomplete="new-password" required maxlength="256" aria-describedby="password-rules" />');
    expect(html).toContain('<div class="pw-meter" data-level="none" aria-live="polite">');
    expect(html).toContain('<span class="hint" data-pw-level>Robustesse du mot de passe\u00a0: –</span>');
    expect(html).toContain('<ul class="pw-rules hint" id="password-rules"><li data-rule="minLength" data-passed="false"><span aria-hidden="true">•</span> Au moins 8 caractères</li>');
    expect(count(html, 'data-passed="false"')).toBe(4);
    expect(html).toContain('<input id="repeat_password" name="repeat_password" type="password" autocomplete="new-password" required maxlength="256" />');
    // What the script says later, in the same language.
    expect(html).toContain('data-mismatch="Les mots de passe ne correspondent pas.');
    expect(html).toContain('data-level-weak="Faible" data-level-acceptable="Acceptable" data-level-strong="Robuste"');
    expect(html).toContain('data-enhance');
  });

  it('shows the server\'s errors tied to their fields', () => {
    const html = passwordFieldsHtml({ labels: passwordFieldLabels('en'), errors: { password: 'Too weak', repeat_password: 'Differs' } });
    expect(html).toContain('aria-invalid="true" aria-describedby="password-rules password-error" /><span class="error" id="password-error">Too weak</span>');
    expect(html).toContain('aria-invalid="true" aria-describedby="repeat_password-error" /><span class="error" id="repeat_password-error">Differs</span>');
    expect(passwordFieldsHtml({ labels: passwordFieldLabels('en'), errors: { password: '', repeat_password: null } })).not.toContain('class="error"');
  });

  it('escapes every word and error', () => {
    const labels: PasswordFieldLabels = {
      lang: 'en', password: HOSTILE, repeat: HOSTILE, strength: HOSTILE, mismatch: HOSTILE, requirements: HOSTILE,
      levels: { weak: HOSTILE, acceptable: HOSTILE, strong: HOSTILE },
      rules: { minLength: HOSTILE, digit: HOSTILE, uppercase: HOSTILE, special: HOSTILE },
    };
    const html = passwordFieldsHtml({ labels, errors: { password: HOSTILE, repeat_password: HOSTILE } });
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/="[^"]*"[^ >/]/);
    expect(count(html, ESCAPED)).toBe(15);
  });
});

describe('confirmation popup markup', () => {
  it('is an alert dialog in a template, titled, with No before Yes', () => {
    const html = confirmDialogTemplateHtml({ title: 'Voulez-vous vraiment continuer ?', yes: 'Oui', no: 'Non' });
    expect(html).toMatch(/^<template data-confirm-template><div class="modal-backdrop"><div class="modal" role="alertdialog" aria-modal="true" aria-labelledby="confirm-dialog-title" aria-describedby="confirm-dialog-text" data-confirm-dialog>/);
    expect(html).toContain('<h2 id="confirm-dialog-title">Voulez-vous vraiment continuer ?</h2><p id="confirm-dialog-text"></p>');
    expect(html).toContain('<button type="button" class="btn btn-secondary" data-confirm-no>Non</button><button type="button" class="btn" data-confirm-yes>Oui</button>');
  });

  it('escapes its words', () => {
    const html = confirmDialogTemplateHtml({ title: HOSTILE, yes: HOSTILE, no: HOSTILE });
    expect(html).not.toContain('<script');
    expect(count(html, ESCAPED)).toBe(3);
  });
});

describe('their page scripts', () => {
  // They get their words from the markup: importing lib/i18n, even through another module, would put
  // every catalogue into the browser bundle.
  it.each(['password-fields/password-fields.ts', 'confirm-dialog/confirm-dialog.ts', 'avatar-cropper/account-avatar.ts'])('%s imports no message catalogue, directly or through another module', (script) => {
    expect(catalogueFiles(importedFiles(path.resolve(__dirname, '../../src/ui', script)))).toEqual([]);
  });
});
