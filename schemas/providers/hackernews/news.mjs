// The Hacker News API (Firebase): stories, comments and users of news.ycombinator.com. No key.
export const main = {
    namespace: 'hackernews',
    name: 'HackerNews',
    description: 'Hacker News: the ids of the top, new, best, Ask, Show and job stories, any story or comment by id, and user profiles.',
    version: '3.0.0',
    docs: [ 'https://github.com/HackerNews/API' ],
    tags: [ 'news', 'technology', 'community', 'no-key' ],
    root: 'https://hacker-news.firebaseio.com',
    tools: {
        getStoryIds: {
            method: 'GET',
            path: '/v0/{{list}}.json',
            description: 'The ids of the first 30 stories of a list (top, new, best, ask, show or job stories), in ranking order; read each with getItem.',
            parameters: [
                { position: { key: 'list', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(topstories,newstories,beststories,askstories,showstories,jobstories)', options: [ 'default(topstories)' ] } }
            ],
            tests: [
                { _description: 'The front page' },
                { _description: 'Ask HN', list: 'askstories' }
            ]
        },
        getItem: {
            method: 'GET',
            path: '/v0/item/{{id}}.json',
            description: 'A story, comment, job, poll or poll option by id: author, time, title, URL, text, score and the ids of its replies.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1)' ] } }
            ],
            tests: [
                { _description: 'The Dropbox launch post', id: 8863 }
            ]
        },
        getUser: {
            method: 'GET',
            path: '/v0/user/{{username}}.json',
            description: 'A user profile: creation time, karma, about text and the ids of the 20 most recent submissions.',
            parameters: [
                { position: { key: 'username', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(15)' ] } }
            ],
            tests: [
                { _description: 'The founder of the site', username: 'pg' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}

// The lists hold up to 500 ids and old accounts have thousands of submissions: keep the first ones.
export const handlers = ( { sharedLists, libraries } ) => ( {
    getStoryIds: {
        postRequest: async ( { response, struct, payload } ) => ( { response: ( response ?? [] ).slice( 0, 30 ) } )
    },
    getUser: {
        postRequest: async ( { response, struct, payload } ) => ( {
            response: response === null ? null : { ...response, submitted: ( response.submitted ?? [] ).slice( 0, 20 ), submittedCount: ( response.submitted ?? [] ).length }
        } )
    }
} )
