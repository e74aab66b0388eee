const VerifyEmailPage = () => <h1>VerifyEmailPage (being built)</h1>

export default VerifyEmailPage
