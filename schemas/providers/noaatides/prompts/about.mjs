export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'noaatides',
    description: 'What the NOAA tide tools return and how to read heights and times.',
    dependsOn: [ 'noaatides.getTidePredictions', 'noaatides.getWaterLevel', 'noaatides.getWaterTemperature', 'noaatides.getStation' ],
    references: [],
    content: `NOAA's Center for Operational Oceanographic Products and Services runs about 200 water level
stations on the coasts of the United States and its territories. Stations have seven-digit ids:
9414290 San Francisco, 8518750 The Battery (New York), 8724580 Key West, 1612340 Honolulu.

{{tool:getTidePredictions}} returns predictions entries with t (local time, "2025-06-12 03:14"),
v (height as a string, metres or feet) and type (H high, L low). Heights are above mean lower low
water (MLLW), so a negative value is a very low tide.

{{tool:getWaterLevel}} and {{tool:getWaterTemperature}} return metadata (station name and
coordinates) and data entries with t and v; a station without that sensor answers with an error
object instead of data. {{tool:getStation}} describes a station.`
}
