export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'carbonintensity',
    description: 'What the Carbon Intensity tools measure and how to read their answers.',
    dependsOn: [ 'carbonintensity.getCurrentIntensity', 'carbonintensity.getIntensityForDate', 'carbonintensity.getGenerationMix', 'carbonintensity.getRegionalIntensity' ],
    references: [],
    content: `The Carbon Intensity API of Great Britain's electricity system operator estimates how many grams
of CO2 each kilowatt-hour of electricity emits, per half hour. It covers England, Scotland and Wales
(not Northern Ireland).

Every answer has a data array of half hours with from and to in UTC ("2025-06-12T13:30Z").
intensity.forecast is the prediction, intensity.actual the measured value (null until measured; the
regional values are forecasts only) and intensity.index one of very low, low, moderate, high, very
high. {{tool:getCurrentIntensity}} covers the current half hour, {{tool:getIntensityForDate}} all of
one day.

{{tool:getGenerationMix}} and {{tool:getRegionalIntensity}} list generationmix entries of fuel and
perc (percent). The regional tool takes only the outward part of a postcode (RG10, not RG10 9NY).

A good moment to run a dishwasher or charge a car is the half hour with the lowest forecast.`
}
