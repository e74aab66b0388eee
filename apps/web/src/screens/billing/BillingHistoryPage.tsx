const BillingHistoryPage = () => <h1>BillingHistoryPage (being built)</h1>

export default BillingHistoryPage
