const PricingPage = () => <h1>PricingPage (being built)</h1>

export default PricingPage
