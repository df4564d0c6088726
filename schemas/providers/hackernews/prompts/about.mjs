export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'hackernews',
    description: 'How the Hacker News items fit together and how to read them.',
    dependsOn: [ 'hackernews.getStoryIds', 'hackernews.getItem', 'hackernews.getUser' ],
    references: [],
    content: `Hacker News is a link-sharing and discussion site about technology run by Y Combinator. Its API
serves raw items with no search and no batching: {{tool:getStoryIds}} gives ids in ranking order and
{{tool:getItem}} reads one item per call, so read only the few you need.

An item has type (story, comment, job, poll, pollopt), by (the author), time (Unix seconds), and for
stories title, url (absent for Ask HN posts, which have text instead), score and descendants (the
number of comments). kids are the ids of direct replies, best first. text is HTML. A deleted or dead
item carries deleted or dead: true. The discussion page of any item is
https://news.ycombinator.com/item?id=<id>.

{{tool:getUser}} gives karma, created (Unix seconds), about (HTML) and the newest submitted ids.
An unknown id answers null.`
}
