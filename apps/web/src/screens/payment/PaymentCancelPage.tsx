const PaymentCancelPage = () => <h1>PaymentCancelPage (being built)</h1>

export default PaymentCancelPage
