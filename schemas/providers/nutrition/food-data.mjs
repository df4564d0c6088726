export const main = {
    namespace: 'nutrition',
    name: 'FoodData',
    description: 'Nutrient values per 100 g for generic foods and branded products, from a public food composition database.',
    version: '3.0.0',
    docs: [ 'https://nutrition.example/api-guide' ],
    tags: [ 'food', 'health', 'open-data' ],
    root: 'https://api.nutrition.example/fdc/v1',
    requiredServerParams: [ 'NUTRITION_API_KEY' ],
    tools: {
        searchFoods: {
            method: 'POST',
            path: '/foods/search',
            description: 'Foods matching a query, optionally limited to data types such as Foundation or Branded.',
            parameters: [
                { position: { key: 'api_key', value: '{{SERVER_PARAM:NUTRITION_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'query', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'dataType', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'array()', options: [ 'optional()' ] } },
                { position: { key: 'pageSize', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'number()', options: [ 'optional()', 'default(25)', 'min(1)', 'max(200)' ] } },
                { position: { key: 'sortBy', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'enum(dataType.keyword,lowercaseDescription.keyword,fdcId,publishedDate)', options: [ 'optional()' ] } }
            ]
        },
        getFood: {
            method: 'GET',
            path: '/food/:fdcId',
            description: 'All nutrients of one food, in full or abridged form.',
            parameters: [
                { position: { key: 'fdcId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1)' ] } },
                { position: { key: 'format', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(abridged,full)', options: [ 'default(abridged)' ] } },
                { position: { key: 'api_key', value: '{{SERVER_PARAM:NUTRITION_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        compareFoods: {
            method: 'POST',
            path: '/foods',
            description: 'Selected nutrients for up to 20 foods side by side.',
            parameters: [
                { position: { key: 'api_key', value: '{{SERVER_PARAM:NUTRITION_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'fdcIds', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'array()', options: [ 'min(1)', 'max(20)' ] } },
                { position: { key: 'nutrients', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'array()', options: [ 'optional()', 'max(25)' ] } }
            ]
        }
    }
}
