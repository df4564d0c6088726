export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'sunrisesunset',
    description: 'How to read the sun times and what the twilight phases mean.',
    dependsOn: [ 'sunrisesunset.getSunTimes' ],
    references: [],
    content: `{{tool:getSunTimes}} computes the sun's times for a coordinate and a date (YYYY-MM-DD, or today).
Without tzid every time is UTC; with an IANA zone such as Europe/Vienna the times carry that zone's
offset. day_length is in seconds.

Civil twilight is when the sun is less than 6° below the horizon (outdoor light is enough), nautical
twilight 6° to 12°, astronomical twilight 12° to 18°. Near the poles the sun may not rise or set at all:
then the times come back as 1970-01-01T00:00:01+00:00 and day_length is 0 or 86400.`
}
