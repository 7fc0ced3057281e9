import { describe, expect, it } from 'vitest';
import { sparkLines } from '../../src/ui/line-chart/sparkline';
import { rowsHtml } from '../../src/ui/table/table-markup';
import type { TableColumn, TableConfig, TableLabels } from '../../src/ui/table/table-types';
import { eventDataLabels } from '../../src/lib/table-query';

// The dashboard's trend line, the activity's event-data headings and the desktop table's cut
// of long text.

describe('dashboard trend line', () => {
  it('draws every series on one scale, straight between whole counts, and sums each', () => {
    const [clicks, referrals] = sparkLines([{ key: 'clicks', values: [0, 4, 2] }, { key: 'referrals', values: [0, 1, 0] }], 100, 20, 0);
    expect(clicks).toEqual({ key: 'clicks', d: 'M0,20L50,0L100,10', total: 6 });
    expect(referrals).toEqual({ key: 'referrals', d: 'M0,20L50,15L100,20', total: 1 });
  });

  it('keeps a period with no activity on the baseline instead of dividing by zero', () => {
    const [line] = sparkLines([{ key: 'clicks', values: [0, 0] }], 10, 10, 0);
    expect(line!.d).toBe('M0,10L10,10');
  });
});

describe('event-data headings', () => {
  const words = { details: 'Details', detailsN: (n: number) => `Details (${n})` };

  it('uses the company\'s names and "Details" for the unnamed ones, never "Event data N"', () => {
    expect(eventDataLabels({ event_data_1_label: 'Order', event_data_2_label: null, event_data_3_label: '  ' }, words))
      .toEqual({ event_data1: 'Order', event_data2: 'Details', event_data3: 'Details (2)' });
    expect(eventDataLabels({}, words)).toEqual({ event_data1: 'Details', event_data2: 'Details (2)', event_data3: 'Details (3)' });
  });
});

describe('desktop table cells', () => {
  const labels = { lang: 'en', selectRow: 'Select row', yes: 'Yes', no: 'No', pointWords: { forms: { other: '{count} points' }, unit: '' }, systemTexts: {} } as TableLabels;
  const columns: TableColumn[] = [
    { key: 'referred_name', label: 'Name', type: 'STRING', sortable: true },
    { key: 'referred_email', label: 'E-mail', type: 'EMAIL', sortable: true },
  ];
  const config = { table: 'activity', columns, visible: ['referred_name', 'referred_email'], detail: false } as unknown as TableConfig;

  it('gives a long name or e-mail cell its whole value as a title and a focus stop, escaped', () => {
    const html = rowsHtml(config, labels, [{ referred_name: 'Maximiliana "Max" <Wojciechowska>', referred_email: 'maximiliana.wojciechowska@example.com' }], columns);
    expect(html).toContain('<td data-col=referred_name class=dt-clip tabindex=0 title="Maximiliana &quot;Max&quot; &lt;Wojciechowska&gt;">Maximiliana &quot;Max&quot; &lt;Wojciechowska&gt;</td>');
    expect(html).toContain('title="maximiliana.wojciechowska@example.com">maximiliana.wojciechowska<wbr>@example.com</td>');
  });

  it('writes a short e-mail whole, its one break opportunity before the "@" (a phone\'s card wraps there; the desktop table\'s CSS hides it)', () => {
    const html = rowsHtml(config, labels, [{ referred_name: 'Kim Lee', referred_email: 'kim@example.test' }], columns);
    expect(html).not.toContain('dt-clip');
    expect(html.match(/<wbr>/g)).toHaveLength(1);
    expect(html).toContain('<td data-col=referred_name>Kim Lee</td>');
    expect(html).toContain('<td data-col=referred_email>kim<wbr>@example.test</td>');
  });
});
