const FaqPage = () => <h1>FaqPage (being built)</h1>

export default FaqPage
