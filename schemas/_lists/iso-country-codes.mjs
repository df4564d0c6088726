// ISO 3166-1 country codes for schemas that filter by country. Pure data: no functions, no templates.
export const list = {
    meta: {
        name: 'isoCountryCodes',
        version: '3.0.0',
        description: 'A selection of ISO 3166-1 countries with alpha-2, alpha-3 and numeric codes.',
        fields: [
            { key: 'alpha2', type: 'string', description: 'Two-letter country code' },
            { key: 'alpha3', type: 'string', description: 'Three-letter country code' },
            { key: 'numeric', type: 'number', description: 'Numeric country code' },
            { key: 'name', type: 'string', description: 'Short English country name' },
            { key: 'region', type: 'string', description: 'Continent or world region' }
        ]
    },
    entries: [
        { alpha2: 'AR', alpha3: 'ARG', numeric: 32, name: 'Argentina', region: 'Americas' },
        { alpha2: 'AU', alpha3: 'AUS', numeric: 36, name: 'Australia', region: 'Oceania' },
        { alpha2: 'AT', alpha3: 'AUT', numeric: 40, name: 'Austria', region: 'Europe' },
        { alpha2: 'BE', alpha3: 'BEL', numeric: 56, name: 'Belgium', region: 'Europe' },
        { alpha2: 'BR', alpha3: 'BRA', numeric: 76, name: 'Brazil', region: 'Americas' },
        { alpha2: 'CA', alpha3: 'CAN', numeric: 124, name: 'Canada', region: 'Americas' },
        { alpha2: 'CL', alpha3: 'CHL', numeric: 152, name: 'Chile', region: 'Americas' },
        { alpha2: 'CN', alpha3: 'CHN', numeric: 156, name: 'China', region: 'Asia' },
        { alpha2: 'CZ', alpha3: 'CZE', numeric: 203, name: 'Czechia', region: 'Europe' },
        { alpha2: 'DK', alpha3: 'DNK', numeric: 208, name: 'Denmark', region: 'Europe' },
        { alpha2: 'EG', alpha3: 'EGY', numeric: 818, name: 'Egypt', region: 'Africa' },
        { alpha2: 'FI', alpha3: 'FIN', numeric: 246, name: 'Finland', region: 'Europe' },
        { alpha2: 'FR', alpha3: 'FRA', numeric: 250, name: 'France', region: 'Europe' },
        { alpha2: 'DE', alpha3: 'DEU', numeric: 276, name: 'Germany', region: 'Europe' },
        { alpha2: 'GR', alpha3: 'GRC', numeric: 300, name: 'Greece', region: 'Europe' },
        { alpha2: 'IN', alpha3: 'IND', numeric: 356, name: 'India', region: 'Asia' },
        { alpha2: 'ID', alpha3: 'IDN', numeric: 360, name: 'Indonesia', region: 'Asia' },
        { alpha2: 'IE', alpha3: 'IRL', numeric: 372, name: 'Ireland', region: 'Europe' },
        { alpha2: 'IT', alpha3: 'ITA', numeric: 380, name: 'Italy', region: 'Europe' },
        { alpha2: 'JP', alpha3: 'JPN', numeric: 392, name: 'Japan', region: 'Asia' },
        { alpha2: 'KE', alpha3: 'KEN', numeric: 404, name: 'Kenya', region: 'Africa' },
        { alpha2: 'MX', alpha3: 'MEX', numeric: 484, name: 'Mexico', region: 'Americas' },
        { alpha2: 'NL', alpha3: 'NLD', numeric: 528, name: 'Netherlands', region: 'Europe' },
        { alpha2: 'NZ', alpha3: 'NZL', numeric: 554, name: 'New Zealand', region: 'Oceania' },
        { alpha2: 'NG', alpha3: 'NGA', numeric: 566, name: 'Nigeria', region: 'Africa' },
        { alpha2: 'NO', alpha3: 'NOR', numeric: 578, name: 'Norway', region: 'Europe' },
        { alpha2: 'PL', alpha3: 'POL', numeric: 616, name: 'Poland', region: 'Europe' },
        { alpha2: 'PT', alpha3: 'PRT', numeric: 620, name: 'Portugal', region: 'Europe' },
        { alpha2: 'KR', alpha3: 'KOR', numeric: 410, name: 'South Korea', region: 'Asia' },
        { alpha2: 'ZA', alpha3: 'ZAF', numeric: 710, name: 'South Africa', region: 'Africa' },
        { alpha2: 'ES', alpha3: 'ESP', numeric: 724, name: 'Spain', region: 'Europe' },
        { alpha2: 'SE', alpha3: 'SWE', numeric: 752, name: 'Sweden', region: 'Europe' },
        { alpha2: 'CH', alpha3: 'CHE', numeric: 756, name: 'Switzerland', region: 'Europe' },
        { alpha2: 'TR', alpha3: 'TUR', numeric: 792, name: 'Turkey', region: 'Asia' },
        { alpha2: 'GB', alpha3: 'GBR', numeric: 826, name: 'United Kingdom', region: 'Europe' },
        { alpha2: 'US', alpha3: 'USA', numeric: 840, name: 'United States', region: 'Americas' }
    ]
}
