export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'artic',
    description: 'What the Art Institute of Chicago tools return and how to show an artwork image.',
    dependsOn: [ 'artic.searchArtworks', 'artic.getArtwork', 'artic.searchArtists' ],
    references: [],
    content: `The Art Institute of Chicago publishes the data of its collection of more than 100,000 artworks
(data under CC0; images of public-domain works free to use).

Answers put records under data, paging under pagination and the licence under info.
{{tool:searchArtworks}} ranks by relevance (_score). {{tool:getArtwork}} gives artist_display (name,
nationality and dates on two lines), date_display, medium_display, dimensions and description (HTML).
An image is shown with the IIIF server: https://www.artic.edu/iiif/2/<image_id>/full/843,/0/default.jpg
(image_id can be null). {{tool:searchArtists}} finds people by name; title is the person's name.`
}
