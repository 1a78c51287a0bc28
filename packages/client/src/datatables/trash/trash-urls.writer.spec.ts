import { trashListUrl, trashRecordUrl } from './trash-urls.writer.js';

describe('trash URLs', () => {
  it("are the resource's routes beside its list, whatever the list URL ends with", () => {
    for (const url of ['/api/albums/', '/api/albums', '/api/albums/?format=vinyl', '/api/albums#top']) {
      expect(trashListUrl(url)).toBe('/api/albums/trash/');
      expect(trashRecordUrl(url, '12', 'restore')).toBe('/api/albums/12/restore/');
      expect(trashRecordUrl(url, '12', 'purge')).toBe('/api/albums/12/?purge=true');
    }
  });

  it('encode the key', () => {
    expect(trashRecordUrl('/notes/', 'a/b?c', 'restore')).toBe('/notes/a%2Fb%3Fc/restore/');
  });
});
