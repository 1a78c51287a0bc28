import { chooseTableOverflow, overflowColumn } from './table-overflow.options.js';

describe('chooseTableOverflow', () => {
  it('defaults to responsive when the Responsive extension is loaded, else to scroll', () => {
    expect(chooseTableOverflow({ responsiveLoaded: true })).toBe('responsive');
    expect(chooseTableOverflow({ responsiveLoaded: false })).toBe('scroll');
  });

  it("follows DataTables' responsive option when no overflow is given", () => {
    expect(chooseTableOverflow({ responsive: false, responsiveLoaded: true })).toBe('scroll');
    expect(chooseTableOverflow({ responsive: { details: false }, responsiveLoaded: true })).toBe('responsive');
  });

  it('takes the overflow option over the responsive one', () => {
    expect(chooseTableOverflow({ overflow: 'scroll', responsive: true, responsiveLoaded: true })).toBe('scroll');
    expect(chooseTableOverflow({ overflow: 'responsive', responsive: false, responsiveLoaded: true })).toBe(
      'responsive',
    );
  });

  it('refuses responsive without the extension, whether asked by overflow or by the responsive option', () => {
    const missing = /overflow 'responsive' needs DataTables' Responsive extension \(datatables.net-responsive\)/;
    expect(() => chooseTableOverflow({ overflow: 'responsive', responsiveLoaded: false })).toThrow(missing);
    expect(() => chooseTableOverflow({ responsive: true, responsiveLoaded: false })).toThrow(missing);
  });

  it('names the allowed values for an unknown overflow', () => {
    expect(() => chooseTableOverflow({ overflow: 'wrap', responsiveLoaded: true })).toThrow(
      `widgetlib: the overflow option is 'responsive' or 'scroll' (or left out), not "wrap"`,
    );
  });
});

describe('overflowColumn', () => {
  it('leaves a column that is not the row actions as it is', () => {
    const column = { data: 'title', className: 'wide' };
    expect(overflowColumn(column)).toBe(column);
  });

  it('gives the row actions column its class and the priority that collapses it last', () => {
    expect(overflowColumn({ data: 'actions', rowActions: true })).toEqual({
      data: 'actions',
      rowActions: true,
      className: 'widgetlib-row-actions',
      responsivePriority: 1,
    });
  });

  it("keeps the column's own classes and priority", () => {
    expect(
      overflowColumn({
        data: 'actions',
        rowActions: true,
        className: 'end  widgetlib-row-actions',
        responsivePriority: 3,
      }),
    ).toMatchObject({ className: 'end widgetlib-row-actions', responsivePriority: 3 });
    expect(overflowColumn({ data: 'actions', rowActions: true, className: 'end' }).className).toBe(
      'end widgetlib-row-actions',
    );
  });
});
