import { requestLanguage } from './request-language';

describe('requestLanguage', () => {
  it('prefers the lang query over Accept-Language', () => {
    expect(requestLanguage({ lang: 'es' }, 'en')).toBe('es');
  });
  it('uses Accept-Language by q-value when there is no usable lang', () => {
    expect(requestLanguage({}, 'fr;q=1, en;q=0.5, es;q=0.8')).toBe('es');
    expect(requestLanguage({ lang: 'fr' }, 'en-US,en;q=0.9')).toBe('en');
  });
  it('defaults to de', () => {
    expect(requestLanguage({}, undefined)).toBe('de');
    expect(requestLanguage({ lang: 'xx' }, 'fr, it')).toBe('de');
  });
});
