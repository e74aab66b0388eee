const GalleryPage = () => <h1>GalleryPage (being built)</h1>

export default GalleryPage
