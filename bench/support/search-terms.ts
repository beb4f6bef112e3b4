// The search terms every search benchmark sends (bench/student-search.ts, bench/http/scenarios.ts):
// frequent 3- and 5-letter fragments of the seed's names.
export const terms3 = ['ann', 'joh', 'mar', 'son', 'lee', 'ell', 'ric', 'tho', 'dav', 'ger', 'and', 'wil', 'ton', 'ber', 'ros'];
export const terms5 = ['maria', 'james', 'smith', 'johns', 'garci', 'rober', 'miche', 'willi', 'david', 'brown'];
