import { renderPaletteMarkup } from './palette.writer.js';

const permissions = { view: true, add: false, change: true, delete: false };

describe('renderPaletteMarkup', () => {
  it('renders the toggle, the hidden panel and its configuration, linked by ids', () => {
    const html = renderPaletteMarkup({
      idSuffix: '12',
      label: 'Help',
      icon: 'fa fa-question-circle',
      config: { id_view: 'albums:edit', help_url: '/help/', permissions, usage: true },
    });
    expect(html).toBe(
      '<div class="widgetlib-palette-widget">' +
        '<button type="button" class="widgetlib-palette-toggle" aria-controls="widgetlib-palette-12" aria-expanded="false" ' +
        'aria-label="Help" title="Help"><span class="fa fa-question-circle" aria-hidden="true"></span></button>' +
        '<div id="widgetlib-palette-12" class="widgetlib-palette" data-widgetlib-palette="widgetlib-palette-config-12" ' +
        'role="dialog" aria-label="Help" hidden></div>' +
        '<script type="application/json" id="widgetlib-palette-config-12">' +
        '{"id_view":"albums:edit","help_url":"/help/","permissions":{"view":true,"add":false,"change":true,"delete":false},"usage":true}' +
        '</script></div>',
    );
  });

  it('keeps ids to safe characters', () => {
    const html = renderPaletteMarkup({
      idSuffix: '1" onclick="x',
      label: 'Help',
      icon: '',
      config: { id_view: 'v', help_url: '/help/', permissions, usage: false },
    });
    expect(html).toContain('id="widgetlib-palette-1__onclick__x"');
  });
});
