const ForgotPasswordPage = () => <h1>ForgotPasswordPage (being built)</h1>

export default ForgotPasswordPage
