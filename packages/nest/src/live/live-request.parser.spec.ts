import { parseLiveRequest } from './live-request.parser.js';

describe('parseLiveRequest', () => {
  it('reads the tables, separated by commas or repeated, and the last event id from the query or the header', () => {
    expect(parseLiveRequest({ tables: 'albums,artists' }, undefined, 5)).toEqual({
      tables: ['albums', 'artists'],
      lastEventId: null,
    });
    expect(parseLiveRequest({ tables: ['albums', 'albums'] }, 'i1-4', 5)).toEqual({
      tables: ['albums'],
      lastEventId: 'i1-4',
    });
    expect(parseLiveRequest({ tables: 'albums', last_event_id: 'i1-5' }, 'i1-4', 5)).toMatchObject({
      lastEventId: 'i1-5',
    });
  });

  it('names every problem at once', () => {
    expect(parseLiveRequest({ colour: 'red', last_event_id: 'x'.repeat(65) }, undefined, 5)).toEqual({
      problems: [
        '"colour" is not a parameter of the stream',
        'tables is required: the ids of the live tables, separated by commas',
        'last_event_id must be a text of at most 64 characters',
      ],
    });
    expect(parseLiveRequest({ tables: 'a b' }, undefined, 5)).toEqual({
      problems: ['tables must be ids of 1 to 100 letters, digits, -, _ or ., separated by commas'],
    });
    expect(parseLiveRequest({ tables: 'a,b,c' }, undefined, 2)).toEqual({
      problems: ['tables names at most 2 tables, got 3'],
    });
    expect(parseLiveRequest({ tables: '' }, undefined, 2)).toMatchObject({
      problems: [expect.stringMatching(/required/)],
    });
  });
});
