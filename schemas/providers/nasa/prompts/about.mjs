export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'nasa',
    description: 'What the NASA tools return, their key and their units.',
    dependsOn: [ 'nasa.getPictureOfTheDay', 'nasa.getNearEarthObjects', 'nasa.getSolarFlares', 'nasa.getGeomagneticStorms' ],
    references: [],
    content: `These tools use NASA's open APIs with a key from api.nasa.gov in the server param NASA_API_KEY
(1,000 calls an hour; the shared DEMO_KEY allows 30 an hour).

{{tool:getPictureOfTheDay}} answers title, explanation (written by astronomers), media_type (image or
video), url, hdurl for images and copyright when the picture is not public domain.

{{tool:getNearEarthObjects}} answers element_count and near_earth_objects keyed by date. Each asteroid
has name, estimated_diameter in several units, is_potentially_hazardous_asteroid and
close_approach_data with miss_distance (kilometers, lunar distances, astronomical units, as strings)
and relative_velocity. "Potentially hazardous" describes the orbit over centuries, not a danger on
that day.

{{tool:getSolarFlares}} gives classType: C, M or X, each ten times stronger than the one before, with a
number (X1.5). {{tool:getGeomagneticStorms}} gives allKpIndex readings: Kp 5 is a minor storm (G1),
Kp 9 an extreme one (G5). Times are UTC ("2024-05-10T17:00Z").`
}
