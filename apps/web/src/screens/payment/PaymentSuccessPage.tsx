const PaymentSuccessPage = () => <h1>PaymentSuccessPage (being built)</h1>

export default PaymentSuccessPage
