// The currencies of the European Central Bank's daily euro reference rates. Pure data.
export const list = {
    meta: {
        name: 'ecbCurrencies',
        version: '3.0.0',
        description: 'ISO 4217 codes of the currencies the European Central Bank publishes daily reference rates for, plus the euro itself.',
        fields: [
            { key: 'code', type: 'string', description: 'ISO 4217 alphabetic code' },
            { key: 'name', type: 'string', description: 'English name of the currency' },
            { key: 'numeric', type: 'number', description: 'ISO 4217 numeric code' }
        ]
    },
    entries: [
        { code: 'AUD', name: 'Australian Dollar', numeric: 36 },
        { code: 'BGN', name: 'Bulgarian Lev', numeric: 975 },
        { code: 'BRL', name: 'Brazilian Real', numeric: 986 },
        { code: 'CAD', name: 'Canadian Dollar', numeric: 124 },
        { code: 'CHF', name: 'Swiss Franc', numeric: 756 },
        { code: 'CNY', name: 'Chinese Renminbi Yuan', numeric: 156 },
        { code: 'CZK', name: 'Czech Koruna', numeric: 203 },
        { code: 'DKK', name: 'Danish Krone', numeric: 208 },
        { code: 'EUR', name: 'Euro', numeric: 978 },
        { code: 'GBP', name: 'British Pound', numeric: 826 },
        { code: 'HKD', name: 'Hong Kong Dollar', numeric: 344 },
        { code: 'HUF', name: 'Hungarian Forint', numeric: 348 },
        { code: 'IDR', name: 'Indonesian Rupiah', numeric: 360 },
        { code: 'ILS', name: 'Israeli New Shekel', numeric: 376 },
        { code: 'INR', name: 'Indian Rupee', numeric: 356 },
        { code: 'ISK', name: 'Icelandic Krona', numeric: 352 },
        { code: 'JPY', name: 'Japanese Yen', numeric: 392 },
        { code: 'KRW', name: 'South Korean Won', numeric: 410 },
        { code: 'MXN', name: 'Mexican Peso', numeric: 484 },
        { code: 'MYR', name: 'Malaysian Ringgit', numeric: 458 },
        { code: 'NOK', name: 'Norwegian Krone', numeric: 578 },
        { code: 'NZD', name: 'New Zealand Dollar', numeric: 554 },
        { code: 'PHP', name: 'Philippine Peso', numeric: 608 },
        { code: 'PLN', name: 'Polish Zloty', numeric: 985 },
        { code: 'RON', name: 'Romanian Leu', numeric: 946 },
        { code: 'SEK', name: 'Swedish Krona', numeric: 752 },
        { code: 'SGD', name: 'Singapore Dollar', numeric: 702 },
        { code: 'THB', name: 'Thai Baht', numeric: 764 },
        { code: 'TRY', name: 'Turkish Lira', numeric: 949 },
        { code: 'USD', name: 'United States Dollar', numeric: 840 },
        { code: 'ZAR', name: 'South African Rand', numeric: 710 }
    ]
}
